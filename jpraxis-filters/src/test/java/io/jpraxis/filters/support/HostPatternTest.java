package io.jpraxis.filters.support;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HostPatternTest {

    private static HostPattern pattern(String text) {
        return HostPattern.parse(text).orElseThrow();
    }

    private static boolean matches(String pattern, String authority, boolean multiLevel) {
        return pattern(pattern).matches(authority, Hosts.hostEnd(authority), multiLevel);
    }

    private static boolean covers(String pattern, String authority) {
        return pattern(pattern).covers(authority, Hosts.hostEnd(authority));
    }

    @Test
    void parsesExactWildcardAndIpv6Hosts() {
        assertThat(HostPattern.parse("api.example.com")).isPresent();
        assertThat(HostPattern.parse("*.example.com").orElseThrow().isWildcard()).isTrue();
        assertThat(HostPattern.parse("[2001:db8::1]")).isPresent();
        assertThat(HostPattern.parse("10.0.0.1")).isPresent();
    }

    @Test
    void refusesPortsStrayWildcardsAndJunk() {
        for (String bad : new String[] {"", "*", "*.", "a.*.com", "*example.com", "*.*.com", "api:80", "[::1]:80",
                "[::1", "a/b", "a b", "*.[::1]", ".example.com"}) {
            assertThat(HostPattern.parse(bad)).as(bad).isEmpty();
        }
    }

    @Test
    void routerWildcardMatchesOneLabelUnlessMultiLevel() {
        assertThat(matches("*.example.com", "a.example.com", false)).isTrue();
        assertThat(matches("*.example.com", "a.b.example.com", false)).isFalse();
        assertThat(matches("*.example.com", "a.b.example.com", true)).isTrue();
        assertThat(matches("*.example.com", "example.com", true)).isFalse();
        assertThat(matches("*.example.com", ".example.com", true)).isFalse();
        assertThat(matches("*.example.com", "A.EXAMPLE.COM:443", false)).isTrue();
    }

    @Test
    void allowListWildcardCoversTheBareDomainAndAnyDepth() {
        assertThat(covers("*.example.com", "example.com")).isTrue();
        assertThat(covers("*.example.com", "Example.COM:80")).isTrue();
        assertThat(covers("*.example.com", "x.y.example.com")).isTrue();
        assertThat(covers("*.example.com", "badexample.com")).isFalse();
        assertThat(covers("*.example.com", "example.com.evil")).isFalse();
        assertThat(covers("example.com", "www.example.com")).isFalse();
    }

    @Test
    void hostEndStopsBeforeThePortAndKeepsIpv6Brackets() {
        assertThat(Hosts.hostEnd("a.com:80")).isEqualTo(5);
        assertThat(Hosts.hostEnd("a.com")).isEqualTo(5);
        assertThat(Hosts.hostEnd("[::1]:80")).isEqualTo(5);
        assertThat(Hosts.withoutPort("[::1]:80")).isEqualTo("[::1]");
        assertThat(Hosts.withoutPort("a.com")).isEqualTo("a.com");
    }
}
