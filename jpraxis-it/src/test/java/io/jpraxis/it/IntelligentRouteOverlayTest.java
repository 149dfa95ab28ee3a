package io.jpraxis.it;

import static io.jpraxis.it.IntelligentRouteTest.send;
import static io.jpraxis.it.Overlays.candidate;
import static io.jpraxis.it.Overlays.overlay;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestOrigin;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code intelligent_route} over an overlay file with selection groups: policies, session
 * affinity, and group fallback when a reload drains the primary group, over real sockets.
 */
class IntelligentRouteOverlayTest {
    @TempDir
    Path dir;
    private TestOrigin a;
    private TestOrigin b;
    private TestOrigin c;

    @BeforeEach
    void origins() {
        a = TestOrigin.start("a");
        b = TestOrigin.start("b");
        c = TestOrigin.start("c");
    }

    @AfterEach
    void stop() {
        a.close();
        b.close();
        c.close();
    }

    private RunningGateway gateway(String overlay, String extraKeys) {
        Path file = Overlays.write(dir.resolve("routing-overlay.json"), Overlays.envelope(overlay));
        return RunningGateway.start(TestConfigs.pipeline("""
                - filter: intelligent_route
                  overlay_file: "%s"
                  reload: {debounce_ms: 20}
                  route_header: x-destination
                %s
                - filter: load_balancer
                  clusters:
                    - {name: a, endpoints: ["%s"]}
                    - {name: b, endpoints: ["%s"]}
                    - {name: c, endpoints: ["%s"]}
                """.formatted(file, extraKeys.indent(2).stripTrailing(), a.address(), b.address(), c.address())));
    }

    private static Map<String, Integer> spread(RawHttpConnection conn, int requests, String... headers)
            throws Exception {
        Map<String, Integer> counts = new TreeMap<>();
        for (int i = 0; i < requests; i++) {
            EchoResponse echo = send(conn, "/v1/chat", concat("X-Model: m", headers)).echo();
            assertThat(echo.header("x-destination")).as("the route header names the cluster that served")
                    .isEqualTo(echo.origin());
            counts.merge(echo.origin(), 1, Integer::sum);
        }
        return counts;
    }

    @Test
    void roundRobinAlternatesInsideTheFirstGroup() throws Exception {
        try (RunningGateway gw = gateway(overlay("roundRobin", candidate("a", 0, "new_and_existing", null),
                candidate("b", 0, "new_and_existing", null), candidate("c", 1, "new_and_existing", null)), "");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            assertThat(spread(conn, 1000)).as("group 1 is only a fallback").containsExactlyInAnyOrderEntriesOf(
                    Map.of("a", 500, "b", 500));
        }
    }

    @Test
    void weightedRandomFollowsTheTrafficWeights() throws Exception {
        try (RunningGateway gw = gateway(overlay("weightedRandom", candidate("a", 0, "new_and_existing", 70),
                candidate("b", 0, "new_and_existing", 30), candidate("c", 1, "new_and_existing", 1)), "");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            Map<String, Integer> counts = spread(conn, 1000);
            assertThat(counts).containsOnlyKeys("a", "b");
            // 70/30 over 1000 draws: the standard deviation is about 14.5, so +-75 is more than 5 sigma.
            assertThat(counts.get("a")).isBetween(625, 775);
        }
    }

    @Test
    void aSessionStaysOnItsCandidateByHeaderAndByCookie() throws Exception {
        try (RunningGateway gw = gateway(overlay("roundRobin", candidate("a", 0, "new_and_existing", null),
                candidate("b", 0, "new_and_existing", null)),
                "session_affinity: {enabled: true, header: x-session-id, cookie: session, ttl_secs: 600}");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            assertThat(spread(conn, 10)).as("without a session key round robin alternates")
                    .containsExactlyInAnyOrderEntriesOf(Map.of("a", 5, "b", 5));
            assertThat(spread(conn, 100, "X-Session-Id: user-1")).as("pinned by the header").hasSize(1);
            assertThat(spread(conn, 100, "Cookie: theme=dark; session=user-2")).as("pinned by the cookie")
                    .hasSize(1);
            Map<String, Integer> sessions = new TreeMap<>();
            for (int i = 0; i < 20; i++) {
                spread(conn, 5, "X-Session-Id: s" + i).keySet().forEach(o -> sessions.merge(o, 1, Integer::sum));
            }
            assertThat(sessions).as("each session pinned, the sessions spread").containsOnlyKeys("a", "b")
                    .allSatisfy((origin, n) -> assertThat(n).isGreaterThan(2));
        }
    }

    @Test
    void drainingTheFirstGroupUnderLoadFallsBackToTheNext() throws Exception {
        Path file = dir.resolve("routing-overlay.json");
        try (RunningGateway gw = gateway(overlay("roundRobin", candidate("a", 0, "new_and_existing", null),
                candidate("b", 0, "new_and_existing", null), candidate("c", 1, "new_and_existing", null)), "");
                RawHttpConnection probe = RawHttpConnection.open(gw.port())) {
            ExecutorService pool = Executors.newFixedThreadPool(2);
            AtomicBoolean observed = new AtomicBoolean();
            List<List<String>> seen = List.of(Collections.synchronizedList(new ArrayList<>()),
                    Collections.synchronizedList(new ArrayList<>()));
            int[] markAt = new int[2];
            CountDownLatch warm = new CountDownLatch(2);
            List<Future<?>> loaders = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                List<String> mine = seen.get(t);
                loaders.add(pool.submit(() -> {
                    try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                        int after = 0;
                        while (after < 100) {
                            mine.add(send(conn, "/v1/chat", "X-Model: m").echo().origin());
                            if (mine.size() == 50) {
                                warm.countDown();
                            }
                            after += observed.get() ? 1 : 0;
                        }
                    }
                    return null;
                }));
            }
            assertThat(warm.await(20, TimeUnit.SECONDS)).isTrue();
            Overlays.write(file, Overlays.envelope(overlay("roundRobin",
                    candidate("a", 0, "existing_only", null), candidate("b", 0, "existing_only", null),
                    candidate("c", 1, "new_and_existing", null))));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!send(probe, "/v1/chat", "X-Model: m").echo().origin().equals("c")) {
                assertThat(System.nanoTime()).as("the reload is seen within 20 s").isLessThan(deadline);
                Thread.sleep(5);
            }
            for (int t = 0; t < 2; t++) {
                markAt[t] = seen.get(t).size() + 1; // one request may have read the old snapshot in flight
            }
            observed.set(true);
            for (Future<?> f : loaders) {
                f.get(30, TimeUnit.SECONDS);
            }
            pool.shutdown();
            for (int t = 0; t < 2; t++) {
                List<String> mine = List.copyOf(seen.get(t));
                assertThat(mine.subList(0, 50)).as("before the reload: group 0").containsOnly("a", "b");
                assertThat(mine.subList(markAt[t], mine.size())).as("after the reload was observed: group 1 only")
                        .hasSizeGreaterThanOrEqualTo(98).containsOnly("c");
            }
        }
    }

    private static String[] concat(String first, String... rest) {
        String[] out = new String[rest.length + 1];
        out[0] = first;
        System.arraycopy(rest, 0, out, 1, rest.length);
        return out;
    }
}
