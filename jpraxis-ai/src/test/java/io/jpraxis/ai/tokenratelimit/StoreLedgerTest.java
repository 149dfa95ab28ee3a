package io.jpraxis.ai.tokenratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.ai.tokenratelimit.TokenLedger.Admitted;
import io.jpraxis.ai.tokenratelimit.TokenLedger.Denied;
import io.jpraxis.core.store.SharedStore;
import io.jpraxis.core.store.StoreException;
import io.jpraxis.core.store.StoreScript;
import io.jpraxis.store.LettuceStores;
import io.jpraxis.testkit.RedisServer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ledger suite against the shared ledger on a real {@code redis-server} (see
 * docs/behaviour/shared-state.md#token_rate_limit). The suite steps a hand-held clock through
 * hour-long windows, so its ledgers pass that clock to the scripts (a test-only mode); the tests
 * below run on the store's own clock, as production does.
 */
class StoreLedgerTest extends LedgerContract {
    private static final AtomicInteger NAMESPACES = new AtomicInteger();
    private static RedisServer redis;
    private static LettuceStores stores;

    @BeforeAll
    static void start() {
        redis = RedisServer.start();
        stores = new LettuceStores();
        connected(stores.store(redis.url()));
    }

    /** Waits until the client has connected: its first connection, on a cold JVM, may take longer than one call may. */
    static void connected(SharedStore store) {
        StoreScript ping = StoreScript.of("test.ping", "return 1");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            try {
                store.eval(ping, List.of(), List.of()).toCompletableFuture().join();
                return;
            } catch (CompletionException notYet) {
                if (System.nanoTime() > deadline) {
                    throw notYet;
                }
            }
        }
    }

    @AfterAll
    static void stop() {
        if (stores != null) {
            stores.close();
        }
        if (redis != null) {
            redis.close();
        }
    }

    private static String namespace() {
        return "test:trl:" + NAMESPACES.incrementAndGet();
    }

    @Override
    TokenLedger ledger(List<TokenRule> rules, int maxKeys, int maxActive) {
        return new StoreLedger(stores.store(redis.url()), namespace(), rules, maxKeys, maxActive, true);
    }

    @Test
    void replicasOnOneNamespaceShareOneBudget() {
        String ns = namespace();
        List<TokenRule> rules = List.of(Rules.window(100, 60_000, 30_000));
        StoreLedger one = new StoreLedger(stores.store(redis.url()), ns, rules);
        StoreLedger other = new StoreLedger(stores.store(redis.url()), ns, rules);
        assertThat(reserve(one, 60, 0)).isInstanceOf(Admitted.class);
        assertThat(reserve(other, 41, 0)).as("the other replica sees the 60").isInstanceOf(Denied.class);
        Admitted a = (Admitted) reserve(other, 40, 0);
        assertThat(a.usageAfter()).isEqualTo(100);
        assertThat(settle(one, a, 10, 0).refund()).as("settled by the replica that did not admit it").isEqualTo(30);
        assertThat(reserve(one, 30, 0)).isInstanceOf(Admitted.class);
    }

    @Test
    void theStoresClockAgesChargesOutOfTheWindow() throws Exception {
        StoreLedger l = new StoreLedger(stores.store(redis.url()), namespace(), List.of(Rules.window(10, 1_000, 100)));
        settle(l, reserve(l, 10, 0), 10, 0);
        assertThat(reserve(l, 1, 0)).isInstanceOf(Denied.class);
        Thread.sleep(1_200); // the store's TIME moves on; the caller's 0 is not read
        assertThat(reserve(l, 10, 0)).isInstanceOf(Admitted.class);
    }

    @Test
    void keysAreHashedUnderTheNamespaceWithATtlAndTheBucketHasASegmentOfItsOwn() throws Exception {
        String ns = namespace();
        StoreLedger w = new StoreLedger(stores.store(redis.url()), ns, List.of(Rules.window(100, 60_000, 30_000)));
        reserve(w, "subject:v1:abc", 5, 0);
        String h = sha256(ns + "\0w\0subject:v1:abc");
        assertThat(redis.command("EXISTS", ns + ":v1:" + h)).isEqualTo(":1");
        long ttl = Long.parseLong(redis.command("PTTL", ns + ":v1:" + h + ":active").substring(1));
        assertThat(ttl).as("window + reservation timeout").isBetween(80_000L, 90_000L);
        assertThat(redis.command("EXISTS", ns + ":v1:" + h + ":subject:v1:abc")).isEqualTo(":0");

        StoreLedger b = new StoreLedger(stores.store(redis.url()), ns, List.of(Rules.bucket(100, 10, 30_000)));
        reserve(b, "k", 5, 0);
        String hb = sha256(ns + "\0b\0k");
        assertThat(redis.command("EXISTS", ns + ":v1:tb:" + hb)).isEqualTo(":1");
        long bucketTtl = Long.parseLong(redis.command("PTTL", ns + ":v1:tb:" + hb).substring(1));
        assertThat(bucketTtl).as("time to refill from empty + reservation timeout").isBetween(30_000L, 40_000L);
    }

    @Test
    void aStoppedStoreFailsTheReservationAndTheSettlement() {
        try (RedisServer lone = RedisServer.start(); LettuceStores own = new LettuceStores()) {
            connected(own.store(lone.url()));
            StoreLedger l = new StoreLedger(own.store(lone.url()), namespace(), List.of(Rules.window(100, 60_000,
                    30_000)));
            Admitted a = (Admitted) reserve(l, 10, 0);
            lone.stop();
            assertThatThrownBy(() -> reserve(l, 10, 0)).isInstanceOf(CompletionException.class)
                    .hasCauseInstanceOf(StoreException.class);
            assertThatThrownBy(() -> settle(l, a, 10, 0)).as("after its retries")
                    .isInstanceOf(CompletionException.class).hasCauseInstanceOf(StoreException.class);
        }
    }

    private static String sha256(String s) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    }
}
