package io.jpraxis.http.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HostSyntaxTest {

    @ParameterizedTest
    @CsvSource({"Example.COM,example.com", "example.com.,example.com", "Example.com.:8080,example.com:8080",
            "[::1]:80,[::1]:80", "[FE80::1],[FE80::1]", "a..,a.", "a.b:,a.b:"})
    void canonicalFormIsLowerCaseWithoutOneTrailingDot(String sent, String canonical) {
        assertThat(HostSyntax.canonical(sent)).as(sent).isEqualTo(canonical);
    }

    @ParameterizedTest
    @ValueSource(strings = {"example.com", "example.com:8080", "[::1]", "10.0.0.1"})
    void aCanonicalHostIsReturnedAsItIs(String host) {
        assertThat(HostSyntax.canonical(host)).as("no copy on the hot path").isSameAs(host);
    }

    @ParameterizedTest
    @ValueSource(strings = {"example.com", "example.com:8080", "127.0.0.1", "127.0.0.1:80", "[::1]", "[::1]:8443",
            "[fe80::1%25eth0]", "xn--bcher-kva.example", "my_host.internal", "a:", "example.com.", "a:1", "a:65535", "a:08080"})
    void acceptsHostValuesOfRfc9110(String host) {
        assertThat(HostSyntax.valid(host)).as(host).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"user@example.com", "example.com/path", "example.com?x", "exa mple.com", "example.com:80:81",
            "example.com:http", "[::1", "[]", "[::1]x", "example.com:123456", "ex\"ample", "host#frag", "[::g]", "", ":80", ".", ".:80",
            "a:0", "a:65536", "a:99999", "a:-1", "a:+80", "a: 80"})
    void refusesUserinfoPathsAndOtherSyntax(String host) {
        assertThat(HostSyntax.valid(host)).as(host).isFalse();
    }
}
