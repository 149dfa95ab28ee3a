package io.jpraxis.filters.traffic.sticky;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.filters.testing.TestClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SessionTableTest {
    private final TestClock clock = new TestClock();

    private SessionTable table(long ttlSecs, int max, Eviction eviction) {
        return new SessionTable(new SessionTable.Limits(ttlSecs * 1000, max, eviction), clock);
    }

    @Test
    void aSessionLivesWhileItIsUsedWithinItsIdleTtl() {
        SessionTable t = table(10, 10, Eviction.LRU);
        t.bind("k", "a:1");
        for (int i = 0; i < 5; i++) {
            clock.advance(Duration.ofSeconds(9));
            assertThat(t.endpointOf("k")).as("each use within 10 s restarts the idle time (use %s)", i)
                    .isEqualTo("a:1");
        }
        clock.advance(Duration.ofSeconds(10));
        assertThat(t.endpointOf("k")).as("10 s idle: forgotten").isNull();
        assertThat(t.size()).as("a dead session met is dropped").isZero();
    }

    @Test
    void lruEvictsTheLeastRecentlyUsed() {
        SessionTable t = table(3600, 2, Eviction.LRU);
        t.bind("old", "a:1");
        clock.advance(Duration.ofSeconds(1));
        t.bind("new", "a:1");
        clock.advance(Duration.ofSeconds(1));
        t.endpointOf("old"); // now the most recently used
        t.bind("third", "b:1");
        assertThat(t.endpointOf("new")).as("least recently used goes").isNull();
        assertThat(t.endpointOf("old")).as("used lately, kept").isEqualTo("a:1");
        assertThat(t.endpointOf("third")).isEqualTo("b:1");
        assertThat(t.size()).as("bounded by max_entries").isEqualTo(2);
    }

    @Test
    void ttlEvictionDropsTheOldestCreatedHoweverRecentlyUsed() {
        SessionTable t = table(3600, 2, Eviction.TTL);
        t.bind("old", "a:1");
        t.bind("new", "a:1");
        t.endpointOf("old");
        t.bind("old", "b:1"); // rebinding keeps its creation time
        t.bind("third", "b:1");
        assertThat(t.endpointOf("old")).as("created first, evicted first").isNull();
        assertThat(t.endpointOf("new")).isEqualTo("a:1");
        assertThat(t.endpointOf("third")).isEqualTo("b:1");
    }

    @Test
    void bindMovesAKeyButBindUnlessOwnedDoesNot() {
        SessionTable t = table(3600, 10, Eviction.LRU);
        t.bind("k", "a:1");
        assertThat(t.bindUnlessOwned("k", "b:1")).as("owned by a:1").isFalse();
        assertThat(t.endpointOf("k")).isEqualTo("a:1");
        assertThat(t.bindUnlessOwned("k", "a:1")).as("its own endpoint may refresh it").isTrue();
        t.bind("k", "b:1");
        assertThat(t.endpointOf("k")).as("bind moves it").isEqualTo("b:1");
        clock.advance(Duration.ofHours(1));
        assertThat(t.bindUnlessOwned("k", "c:1")).as("a dead session owns nothing").isTrue();
        assertThat(t.endpointOf("k")).isEqualTo("c:1");
    }

    @Test
    void reconfiguringKeepsSessionsTrimsToTheNewBoundAndReorders() {
        SessionTable t = table(3600, 10, Eviction.TTL);
        t.bind("a", "x:1");
        clock.advance(Duration.ofSeconds(1));
        t.bind("b", "x:1");
        clock.advance(Duration.ofSeconds(1));
        t.bind("c", "x:1");
        clock.advance(Duration.ofSeconds(1));
        t.endpointOf("a"); // a used last: under lru it is kept
        t.configure(new SessionTable.Limits(3600_000, 2, Eviction.LRU));
        assertThat(t.size()).as("trimmed to the reloaded max_entries").isEqualTo(2);
        assertThat(t.endpointOf("b")).as("least recently used of the three").isNull();
        assertThat(t.endpointOf("a")).isEqualTo("x:1");
        assertThat(t.endpointOf("c")).isEqualTo("x:1");
        t.configure(new SessionTable.Limits(1000, 2, Eviction.LRU));
        clock.advance(Duration.ofSeconds(1));
        assertThat(t.endpointOf("a")).as("a shorter reloaded ttl applies to kept sessions").isNull();
    }
}
