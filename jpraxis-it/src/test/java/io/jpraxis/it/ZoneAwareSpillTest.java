package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * zone_aware over real origins and a real health checker: the local zone serves alone while all
 * of it is healthy, traffic spills over to the remote zone (and the healthy local origin) once a
 * local origin is ejected, and returns to the local zone when it recovers.
 */
class ZoneAwareSpillTest {

    private static String yaml(TestOrigin localA, TestOrigin localB, TestOrigin remote) {
        return TestConfigs.pipeline("""
                - filter: router
                  routes:
                    - path_prefix: "/"
                      cluster: pool
                - filter: load_balancer
                  clusters:
                    - name: pool
                      load_balancer_strategy:
                        zone_aware: {local_zone: zone-a, min_local_healthy_pct: 100}
                      endpoints:
                        - {address: "%s", zone: zone-a}
                        - {address: "%s", zone: zone-a}
                        - {address: "%s", zone: zone-b}
                      health_check:
                        type: http
                        path: /healthz
                        interval_ms: 300
                        timeout_ms: 250
                        unhealthy_threshold: 2
                        healthy_threshold: 1
                """.formatted(localA.address(), localB.address(), remote.address()), """
                insecure_options:
                  allow_private_endpoints: true
                  allow_private_health_checks: true
                """);
    }

    @Test
    void theLocalZoneServesUntilAnOriginIsEjectedThenTrafficSpillsAndReturns() throws Exception {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b");
                TestOrigin remote = TestOrigin.start("remote");
                RunningGateway gw = RunningGateway.start(yaml(a, b, remote));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            // eventually: on a loaded machine a probe may time out once before the zone settles
            assertThat(eventually(() -> Set.of("a", "b").equals(served(conn))))
                    .as("the whole local zone is healthy: zone-a only").isTrue();

            a.failWith(TestOrigin.Failure.RESET);
            assertThat(eventually(() -> Set.of("b", "remote").equals(served(conn))))
                    .as("1 of 2 local healthy < 100%: b and the remote zone share the traffic").isTrue();

            a.failWith(null);
            assertThat(eventually(() -> Set.of("a", "b").equals(served(conn))))
                    .as("a recovered: back to the local zone only").isTrue();
        }
    }

    /** The origins that served twenty requests; empty when one failed (a, before its ejection). */
    private static Set<String> served(RawHttpConnection conn) {
        Set<String> seen = new TreeSet<>();
        try {
            for (int i = 0; i < 20; i++) {
                RawResponse r = conn.get("/z" + i);
                if (r.status() != 200) {
                    return Set.of();
                }
                seen.add(r.header(OriginCommands.ORIGIN_NAME));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return seen;
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
