package io.jpraxis.http.admin;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LoopbackHostTest {
    @ParameterizedTest
    @ValueSource(strings = {"localhost", "LocalHost:9901", "localhost.", "127.0.0.1", "127.0.0.1:9901",
            "127.8.9.10:1", "[::1]", "[::1]:9901", "[0:0:0:0:0:0:0:1]:80"})
    void servesLoopbackNames(String host) {
        assertThat(LoopbackHost.allowed(host)).as(host + " names this machine").isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"evil.example.com", "evil.example.com:9901", "localhost.evil.example.com",
            "127.0.0.1.nip.io", "10.0.0.1", "128.0.0.1", "127.1", "127.0.0.256", "0.0.0.0", "[::]", "[::2]",
            "[::1", "localhost:port", "localhost:", "localhost:1234567", "", "[fe80::1%lo]"})
    void refusesEveryOtherHost(String host) {
        assertThat(LoopbackHost.allowed(host)).as(host + " could be a rebinding attacker's name").isFalse();
    }

    @org.junit.jupiter.api.Test
    void absentHostIsNoRebindingAttempt() {
        assertThat(LoopbackHost.allowed(null)).as("browsers always send Host").isTrue();
    }
}
