package io.jpraxis.filters.support.origin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class OriginMatcherTest {

    @Test
    void normalisesCaseAndDefaultPorts() {
        assertThat(Origins.normalise("HTTPS://App.Example.com:443")).isEqualTo("https://app.example.com");
        assertThat(Origins.normalise("http://a.example.com:80")).isEqualTo("http://a.example.com");
        assertThat(Origins.normalise("https://a.example.com:80")).isEqualTo("https://a.example.com:80");
        assertThat(Origins.normalise("http://a.example.com:8080")).isEqualTo("http://a.example.com:8080");
    }

    @Test
    void exactOriginsMatchAfterNormalisation() {
        OriginMatcher m = OriginMatcher.of(List.of("https://App.example.com:443"));
        assertThat(m.any()).isFalse();
        assertThat(m.matches("https://app.example.com")).isTrue();
        assertThat(m.matches("HTTPS://APP.EXAMPLE.COM")).isTrue();
        assertThat(m.matches("http://app.example.com")).isFalse();
        assertThat(m.matches("https://app.example.com:8443")).isFalse();
        assertThat(m.matches("null")).isFalse();
    }

    @Test
    void wildcardMatchesExactlyOneLeadingLabelOfTheSameScheme() {
        OriginMatcher m = OriginMatcher.of(List.of("https://*.example.com"));
        assertThat(m.matches("https://a.example.com")).isTrue();
        assertThat(m.matches("https://A.Example.com:443")).isTrue();
        assertThat(m.matches("https://a.b.example.com")).isFalse();
        assertThat(m.matches("https://example.com")).isFalse();
        assertThat(m.matches("https://.example.com")).isFalse();
        assertThat(m.matches("http://a.example.com")).isFalse();
        assertThat(m.matches("https://aexample.com")).isFalse();
    }

    @Test
    void starAloneMatchesAnything() {
        OriginMatcher m = OriginMatcher.of(List.of("*"));
        assertThat(m.any()).isTrue();
        assertThat(m.matches("https://whatever.test")).isTrue();
    }
}
