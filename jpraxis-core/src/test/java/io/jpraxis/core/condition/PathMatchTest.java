package io.jpraxis.core.condition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PathMatchTest {
    @Test
    void trailingSlashOnPrefixIsIgnored() {
        assertThat(PathMatch.prefixAtBoundary("/openai", "/openai/")).isTrue();
        assertThat(PathMatch.prefixAtBoundary("/openai/v1/chat", "/openai/")).isTrue();
        assertThat(PathMatch.prefixAtBoundary("/openaiX", "/openai/")).isFalse();
    }

    @Test
    void rootPrefixMatchesEveryPath() {
        assertThat(PathMatch.prefixAtBoundary("/", "/")).isTrue();
        assertThat(PathMatch.prefixAtBoundary("/anything/else", "/")).isTrue();
    }

    @Test
    void comparisonIsRawAndCaseSensitive() {
        assertThat(PathMatch.prefixAtBoundary("/OPENAI/x", "/openai")).isFalse();
        assertThat(PathMatch.prefixAtBoundary("/api%2Fx", "/api")).as("no percent decoding").isFalse();
    }
}
