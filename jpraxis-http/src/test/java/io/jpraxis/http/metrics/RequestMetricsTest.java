package io.jpraxis.http.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The series lookup, including the per-thread memo of the last series. */
class RequestMetricsTest {
    private final MeterRegistry registry = new SimpleMeterRegistry();
    private final RequestMetrics metrics = new RequestMetrics(registry);

    private static RequestContext routed(String route, String cluster) {
        RequestContext ctx = new RequestContext("main", "GET", RequestPath.of("/"), null, "http",
                new InetSocketAddress("127.0.0.1", 1), new HeaderMap(), "id", Instant.EPOCH);
        ctx.route(route);
        ctx.cluster(cluster);
        return ctx;
    }

    private double count(String route, String cluster, int status) {
        var counter = registry.find("jpraxis.requests").tags("listener", "main", "route", route, "cluster", cluster,
                "status", Integer.toString(status)).counter();
        return counter == null ? 0 : counter.count();
    }

    @Test
    void eachChangeOfRouteClusterOrStatusLandsInItsOwnSeries() {
        metrics.record("main", routed("/a", "c1"), 200, 1_000);
        metrics.record("main", routed("/a", "c1"), 200, 3_000);
        metrics.record("main", routed("/a", "c1"), 503, 1_000);
        metrics.record("main", routed("/b", "c1"), 503, 1_000);
        metrics.record("main", routed("/b", "c2"), 503, 1_000);
        metrics.record("main", routed("/a", "c1"), 200, 1_000);

        assertThat(count("/a", "c1", 200)).isEqualTo(3);
        assertThat(count("/a", "c1", 503)).isEqualTo(1);
        assertThat(count("/b", "c1", 503)).isEqualTo(1);
        assertThat(count("/b", "c2", 503)).isEqualTo(1);
        var timer = registry.find("jpraxis.request.duration").tags("route", "/a", "status", "200").timer();
        assertThat(timer.count()).isEqualTo(3);
        assertThat(timer.totalTime(TimeUnit.NANOSECONDS)).isEqualTo(5_000);
    }

    @Test
    void equalNamesFromAnotherConfigLoadShareTheSeries() {
        // A reload builds new strings for the same route: equal, not identical, so the memo misses
        // and the map still finds the one series.
        metrics.record("main", routed(new String("/a"), new String("c1")), 200, 1);
        metrics.record("main", routed(new String("/a"), new String("c1")), 200, 1);

        assertThat(count("/a", "c1", 200)).isEqualTo(2);
        assertThat(registry.find("jpraxis.requests").counters()).hasSize(1);
    }

    /**
     * Another thread's record in between must not make this thread's next record land in that
     * thread's series (what a memo shared across threads could do when it races); the memo being
     * per thread is not itself observable, only that every record keeps its own series.
     */
    @Test
    void aRecordFromAnotherThreadInBetweenLeavesEachRecordInItsOwnSeries() throws InterruptedException {
        Thread other = new Thread(() -> metrics.record("main", routed("/b", "c1"), 200, 1));
        metrics.record("main", routed("/a", "c1"), 200, 1);
        other.start();
        other.join();
        metrics.record("main", routed("/a", "c1"), 200, 1);

        assertThat(count("/a", "c1", 200)).isEqualTo(2);
        assertThat(count("/b", "c1", 200)).isEqualTo(1);
    }

    @Test
    void anExchangeThatNeverParsedIsTaggedNone() {
        metrics.record("main", null, 400, 1);

        assertThat(count(RequestMetrics.NONE, RequestMetrics.NONE, 400)).isEqualTo(1);
    }
}
