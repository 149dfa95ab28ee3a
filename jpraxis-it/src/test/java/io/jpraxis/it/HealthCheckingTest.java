package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Cluster health checks and strategies configured in YAML, end to end over real sockets. */
class HealthCheckingTest {
    private static String balanced(String strategy, String healthCheck, TestOrigin... origins) {
        return TestConfigs.balanced(strategy, healthCheck, origins);
    }

    @Test
    void anOriginFailingItsHealthCheckStopsReceivingTraffic() throws Exception {
        try (TestOrigin broken = TestOrigin.builder("broken").fixed(503, "text/plain", "maintenance").start();
                TestOrigin good = TestOrigin.start("good");
                RunningGateway gw = RunningGateway.start(balanced("round_robin", """
                        health_check:
                          type: http
                          path: /healthz
                          interval_ms: 200
                          timeout_ms: 150
                          unhealthy_threshold: 1
                        """, broken, good));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            // Until the first probe fails, round robin still alternates; wait for the ejection.
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            int streak = 0;
            while (streak < 10 && System.nanoTime() < deadline) {
                streak = "good".equals(conn.get("/").header(OriginCommands.ORIGIN_NAME)) ? streak + 1 : 0;
            }
            assertThat(streak).as("the broken origin is ejected within 10 s").isEqualTo(10);

            for (int i = 0; i < 50; i++) {
                RawResponse response = conn.get("/r" + i);
                assertThat(response.status()).as("request %d", i).isEqualTo(200);
                assertThat(response.header(OriginCommands.ORIGIN_NAME)).as("request %d", i).isEqualTo("good");
            }
            assertThat(broken.requestCount()).as("the broken origin still gets its probes")
                    .isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    void consistentHashKeepsEachUserOnOneOrigin() throws Exception {
        try (TestOrigin a = TestOrigin.start("a");
                TestOrigin b = TestOrigin.start("b");
                TestOrigin c = TestOrigin.start("c");
                RunningGateway gw = RunningGateway.start(balanced("{consistent_hash: {header: x-user-id}}", "", a, b, c));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            Map<String, String> home = new HashMap<>();
            for (int round = 0; round < 3; round++) {
                for (int u = 0; u < 30; u++) {
                    conn.send("GET /chat HTTP/1.1\r\nHost: gw.test\r\nx-user-id: user-" + u + "\r\n\r\n");
                    String origin = conn.readResponse().header(OriginCommands.ORIGIN_NAME);
                    assertThat(origin).as("user-%d in round %d", u, round).isEqualTo(home.computeIfAbsent("user-" + u,
                            k -> origin));
                }
            }
            assertThat(home.values()).as("30 users spread over all three origins").contains("a", "b", "c");
        }
    }
}
