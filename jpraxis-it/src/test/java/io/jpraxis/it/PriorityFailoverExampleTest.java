package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * examples/priority-failover.yaml end to end with three real origins: the primaries serve until the
 * health checker ejects one, the standby then takes everything, and traffic returns once the
 * primary passes its probes again. The subset route reaches only the origins labelled eu.
 */
class PriorityFailoverExampleTest {
    static final String EXAMPLE = "priority-failover.yaml";

    private static String yaml(TestOrigin p1, TestOrigin p2, TestOrigin standby) {
        return Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", p1.address(), "127.0.0.1:3002", p2.address(),
                        "127.0.0.1:3003", standby.address()))
                // Faster probes than the example's, so the test takes seconds.
                .replace("interval_ms: 1000", "interval_ms: 100").replace("timeout_ms: 500", "timeout_ms: 80");
    }

    @Test
    void trafficMovesToTheStandbyWhileAPrimaryIsDownAndComesBack() throws Exception {
        try (TestOrigin p1 = TestOrigin.start("p1"); TestOrigin p2 = TestOrigin.start("p2");
                TestOrigin standby = TestOrigin.start("standby");
                RunningGateway gw = RunningGateway.start(yaml(p1, p2, standby));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            assertThat(origins(conn, "/api/", 40)).as("both primaries healthy: they share, the standby idles")
                    .isEqualTo(Map.of("p1", 20, "p2", 20));

            p1.failWith(TestOrigin.Failure.RESET);
            assertThat(eventually(() -> servedOnlyBy(conn, Set.of("standby"))))
                    .as("p1 ejected after 2 failed probes: 1 × 140 < 2 × 100, the standby takes over").isTrue();
            assertThat(origins(conn, "/api/", 30)).as("every request on the standby, p2 included out")
                    .isEqualTo(Map.of("standby", 30));

            p1.failWith(null);
            assertThat(eventually(() -> servedOnlyBy(conn, Set.of("p1", "p2"))))
                    .as("p1 restored after 2 good probes: the primaries serve again").isTrue();
            assertThat(origins(conn, "/api/", 20)).as("the standby is idle again").isEqualTo(Map.of("p1", 10, "p2", 10));
        }
    }

    @Test
    void theSubsetRouteReachesOnlyTheOriginsItsSelectorMatches() throws Exception {
        try (TestOrigin us = TestOrigin.start("us"); TestOrigin eu1 = TestOrigin.start("eu1");
                TestOrigin eu2 = TestOrigin.start("eu2");
                RunningGateway gw = RunningGateway.start(yaml(us, eu1, eu2));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            assertThat(origins(conn, "/eu/", 30).keySet()).as("region: eu only").isEqualTo(Set.of("eu1", "eu2"));
        }
    }

    /**
     * Whether ten requests all succeed and are served by exactly {@code expected}; a failed request
     * (to p1 before its ejection) is a no.
     */
    private static boolean servedOnlyBy(RawHttpConnection conn, Set<String> expected) {
        Set<String> seen = new java.util.TreeSet<>();
        try {
            for (int i = 0; i < 10; i++) {
                RawResponse r = conn.get("/api/wait-" + i);
                if (r.status() != 200) {
                    return false;
                }
                seen.add(r.header(OriginCommands.ORIGIN_NAME));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return seen.equals(expected);
    }

    /** Which origin served each of {@code n} requests, counted by name. */
    private static Map<String, Integer> origins(RawHttpConnection conn, String prefix, int n) {
        Map<String, Integer> counts = new TreeMap<>();
        try {
            for (int i = 0; i < n; i++) {
                RawResponse r = conn.get(prefix + i);
                assertThat(r.status()).as("GET %s%d", prefix, i).isEqualTo(200);
                counts.merge(r.header(OriginCommands.ORIGIN_NAME), 1, Integer::sum);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return counts;
    }

    private static boolean eventually(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }
}
