package io.jpraxis.filters.security.jwt;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TokenCacheTest {
    private static final Instant T = Instant.parse("2025-01-01T00:00:00Z");

    private static VerifiedToken until(Instant end) {
        return new VerifiedToken("alice", Map.of(), end);
    }

    @Test
    void entriesEndAtTheirTokensExpiry() {
        TokenCache cache = new TokenCache(10);
        cache.put("a.b.c", until(T.plusSeconds(5)), T);
        assertThat(cache.get("a.b.c", T.plusSeconds(4))).isNotNull();
        assertThat(cache.get("a.b.c", T.plusSeconds(5))).as("gone at its end").isNull();
    }

    @Test
    void aFullCacheSweepsExpiredEntriesAndOtherwiseRemembersNothingNew() {
        TokenCache cache = new TokenCache(2);
        cache.put("t1", until(T.plusSeconds(1)), T);
        cache.put("t2", until(T.plusSeconds(100)), T);
        cache.put("t3", until(T.plusSeconds(100)), T);
        assertThat(cache.size()).as("bounded").isEqualTo(2);
        assertThat(cache.get("t3", T)).isNull();
        cache.put("t3", until(T.plusSeconds(100)), T.plusSeconds(2));
        assertThat(cache.get("t3", T.plusSeconds(2))).as("t1 expired and was swept for it").isNotNull();
    }

    @Test
    void sizeZeroRemembersNothing() {
        TokenCache cache = new TokenCache(0);
        cache.put("t", until(T.plusSeconds(100)), T);
        assertThat(cache.get("t", T)).isNull();
    }
}
