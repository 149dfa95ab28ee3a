package io.jpraxis.http.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HostSyntaxTest {

    @ParameterizedTest
    @ValueSource(strings = {"example.com", "example.com:8080", "127.0.0.1", "127.0.0.1:80", "[::1]", "[::1]:8443",
            "[fe80::1%25eth0]", "xn--bcher-kva.example", "my_host.internal", "", "a:"})
    void acceptsHostValuesOfRfc9110(String host) {
        assertThat(HostSyntax.valid(host)).as(host).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"user@example.com", "example.com/path", "example.com?x", "exa mple.com", "example.com:80:81",
            "example.com:http", "[::1", "[]", "[::1]x", "example.com:123456", "ex\"ample", "host#frag", "[::g]"})
    void refusesUserinfoPathsAndOtherSyntax(String host) {
        assertThat(HostSyntax.valid(host)).as(host).isFalse();
    }
}
