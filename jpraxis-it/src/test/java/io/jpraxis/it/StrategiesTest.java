package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Balancing strategies configured in YAML, measured at real origins. */
class StrategiesTest {

    @Test
    void leastConnectionsSendsMostTrafficAwayFromASlowOrigin() throws Exception {
        try (TestOrigin slow = TestOrigin.start("slow"); TestOrigin fast = TestOrigin.start("fast");
                RunningGateway gw = RunningGateway.start(TestConfigs.balanced("least_connections", "", slow, fast))) {
            slow.delayEveryAnswer(300);
            Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
            ExecutorService clients = Executors.newFixedThreadPool(6);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int c = 0; c < 6; c++) {
                    done.add(clients.submit(() -> {
                        try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                            for (int i = 0; i < 15; i++) {
                                RawResponse r = conn.get("/work");
                                assertThat(r.status()).isEqualTo(200);
                                counts.computeIfAbsent(r.header(OriginCommands.ORIGIN_NAME), k -> new AtomicInteger())
                                        .incrementAndGet();
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                clients.shutdownNow();
            }
            int slowCount = counts.getOrDefault("slow", new AtomicInteger()).get();
            int fastCount = counts.getOrDefault("fast", new AtomicInteger()).get();
            assertThat(slowCount + fastCount).isEqualTo(90);
            assertThat(slowCount).as("the slow origin holds its requests in flight, so it gets few new ones "
                    + "(round robin would give it 45 of 90): slow=%d fast=%d", slowCount, fastCount)
                    .isLessThan(25);
        }
    }

    @Test
    void powerOfTwoChoicesSpreadsOverEveryOrigin() throws Exception {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b");
                TestOrigin c = TestOrigin.start("c");
                RunningGateway gw = RunningGateway.start(TestConfigs.balanced("p2c", "", a, b, c));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            Map<String, Integer> counts = new TreeMap<>();
            for (int i = 0; i < 300; i++) {
                counts.merge(conn.get("/r" + i).header(OriginCommands.ORIGIN_NAME), 1, Integer::sum);
            }
            assertThat(counts.keySet()).containsExactly("a", "b", "c");
            // Expected 100 each; under 50 is six standard deviations away for a fair spread.
            assertThat(counts.values()).as("p2c spread over 300 requests: %s", counts).allMatch(n -> n >= 50);
        }
    }

    @Test
    void weightedRandomFollowsTheWeights() throws Exception {
        try (TestOrigin heavy = TestOrigin.start("heavy"); TestOrigin light = TestOrigin.start("light");
                RunningGateway gw = RunningGateway.start(TestConfigs.pipeline("""
                        - filter: router
                          routes:
                            - path_prefix: "/"
                              cluster: pool
                        - filter: load_balancer
                          clusters:
                            - name: pool
                              load_balancer_strategy: random
                              endpoints:
                                - {address: "%s", weight: 4}
                                - "%s"
                        """.formatted(heavy.address(), light.address())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            int heavyCount = 0;
            for (int i = 0; i < 500; i++) {
                heavyCount += "heavy".equals(conn.get("/r" + i).header(OriginCommands.ORIGIN_NAME)) ? 1 : 0;
            }
            // Expected 400 of 500 (sd about 9); 340..460 is far outside chance for a correct 4:1.
            assertThat(heavyCount).as("4:1 weighted random over 500 requests").isBetween(340, 460);
        }
    }
}
