package io.jpraxis.core.balance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.EndpointState;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class WeightedRoundRobinTest {
    private static final Endpoint A = new Endpoint("10.0.0.1", 80, 1);
    private static final Endpoint B = new Endpoint("10.0.0.2", 80, 1);

    private static List<EndpointState> states(Endpoint... endpoints) {
        return java.util.Arrays.stream(endpoints).map(e -> new EndpointState(e, null)).toList();
    }

    private static RequestContext request() {
        return new RequestContext("l", "GET", RequestPath.of("/"), null, "http",
                new InetSocketAddress("127.0.0.1", 5000), new HeaderMap(), "req-1", Instant.EPOCH);
    }

    private static Map<Endpoint, Integer> spread(Balancer balancer, int picks) {
        Map<Endpoint, Integer> counts = new HashMap<>();
        RequestContext ctx = request();
        for (int i = 0; i < picks; i++) {
            counts.merge(balancer.pick(ctx).endpoint(), 1, Integer::sum);
        }
        return counts;
    }

    @Test
    void equalWeightsSplitExactlyInHalf() {
        Balancer rr = new WeightedRoundRobin("backend", states(A, B), new SplittableRandom(7));
        assertThat(spread(rr, 1000)).as("1:1 over 1,000 picks").containsEntry(A, 500).containsEntry(B, 500);
    }

    @Test
    void threeToOneWeightsSplitExactly() {
        Endpoint heavy = new Endpoint("10.0.0.1", 80, 3);
        Balancer rr = new WeightedRoundRobin("backend", states(heavy, B), new SplittableRandom(7));
        assertThat(spread(rr, 1000)).as("3:1 over 1,000 picks").containsEntry(heavy, 750).containsEntry(B, 250);
    }

    @Test
    void threeToOneIsInterleavedNotBunched() {
        Endpoint heavy = new Endpoint("10.0.0.1", 80, 3);
        Balancer rr = new WeightedRoundRobin("backend", states(heavy, B), new SplittableRandom(1));
        RequestContext ctx = request();
        List<Endpoint> seen = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            seen.add(rr.pick(ctx).endpoint());
        }
        for (int i = 0; i + 4 <= seen.size(); i++) {
            long lights = seen.subList(i, i + 4).stream().filter(B::equals).count();
            assertThat(lights).as("every window of 4 picks holds exactly one pick of the weight-1 endpoint "
                    + "(smooth, not a a a b bunched by accident)").isEqualTo(1);
        }
    }

    @Test
    void smoothScheduleMatchesNginxOrder() {
        SmoothWeightedSchedule schedule = SmoothWeightedSchedule.build(new int[] {5, 1, 1});
        StringBuilder order = new StringBuilder();
        for (int i = 0; i < schedule.cycleLength(); i++) {
            order.append((char) ('a' + schedule.endpointAt(i)));
        }
        assertThat(order.toString()).as("nginx's documented sequence for weights 5:1:1").isEqualTo("aabacaa");
    }

    @Test
    void weightsAreReducedByTheirCommonDivisor() {
        assertThat(WeightSchedule.of(new int[] {300, 100}).cycleLength()).as("300:100 cycles like 3:1").isEqualTo(4);
    }

    @Test
    void stridedScheduleIsExactOverEveryCycle() {
        Endpoint heavy = new Endpoint("10.0.0.1", 80, 3);
        Balancer rr = new WeightedRoundRobin("backend", states(heavy, B), new SplittableRandom(3),
                new StridedWeightSchedule(new int[] {3, 1}));
        assertThat(spread(rr, 1000)).as("the table-free fallback keeps 3:1 exact")
                .containsEntry(heavy, 750).containsEntry(B, 250);
    }

    @Test
    void largeWeightsFallBackToStridedAndStayExact() {
        int[] weights = {100_003, 99_991, 7};
        WeightSchedule schedule = WeightSchedule.of(weights);
        assertThat(schedule).as("a cycle of ~200k is too long to tabulate").isInstanceOf(StridedWeightSchedule.class);
        long[] counts = new long[3];
        for (long p = 0; p < schedule.cycleLength(); p++) {
            counts[schedule.endpointAt(p)]++;
        }
        assertThat(counts).as("each endpoint once per unit of weight over one cycle").containsExactly(100_003, 99_991, 7);
    }

    @Test
    void multiplyModIsExactBeyondLongRange() {
        long m = 9_000_000_000_000_000_011L;
        long a = m - 2;
        long b = m - 3;
        assertThat(StridedWeightSchedule.multiplyMod(a, b, m)).as("(-2)(-3) mod m").isEqualTo(6);
    }

    @Test
    void refusesAnEmptyEndpointList() {
        assertThatThrownBy(() -> new WeightedRoundRobin("backend", states(), new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one endpoint");
    }

    @Test
    void picksFromManyThreadsSumToExactTotals() throws Exception {
        Endpoint heavy = new Endpoint("10.0.0.1", 80, 3);
        Balancer rr = new WeightedRoundRobin("backend", states(heavy, B), new SplittableRandom(11));
        int threads = 8;
        int picksPerThread = 25_000; // 200,000 picks: a whole number of 4-pick cycles
        Map<Endpoint, AtomicLong> counts = new ConcurrentHashMap<>();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    RequestContext ctx = request();
                    start.await();
                    for (int i = 0; i < picksPerThread; i++) {
                        counts.computeIfAbsent(rr.pick(ctx).endpoint(), e -> new AtomicLong()).incrementAndGet();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(counts.get(heavy).get()).as("no pick lost or duplicated under contention").isEqualTo(150_000);
        assertThat(counts.get(B).get()).isEqualTo(50_000);
    }
}
