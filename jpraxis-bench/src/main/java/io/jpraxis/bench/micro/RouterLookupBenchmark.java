package io.jpraxis.bench.micro;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.filters.traffic.router.RouterFilter;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One {@code router} decision over 10, 100 and 1,000 path_prefix routes: a path that matches the
 * last route the router tries (the worst hit) and one that matches none (the 404 path). The
 * router scans its routes in match order, so both should grow linearly with the route count.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RouterLookupBenchmark {
    @Param({"10", "100", "1000"})
    public int routes;

    RouterFilter router;
    /** Reused across invocations: the router only overwrites the cluster and route it sets. */
    RequestContext lastRouteRequest;
    RequestContext unroutedRequest;

    @Setup
    public void setup() {
        router = BenchGateway.filter(BenchGateway.compile(BenchConfigs.router(routes)), RouterFilter.class);
        lastRouteRequest = BenchRequests.request("GET", BenchConfigs.routePrefix(routes - 1) + "/items/42?page=2");
        unroutedRequest = BenchRequests.request("GET", "/unrouted/items/42?page=2");
    }

    /** Expected cluster of {@link #matchLastRoute}. */
    String expectedLastCluster() {
        return BenchConfigs.routeCluster(routes - 1);
    }

    @Benchmark
    public FilterAction matchLastRoute() {
        return router.onRequest(lastRouteRequest);
    }

    @Benchmark
    public FilterAction matchNoRoute() {
        return router.onRequest(unroutedRequest);
    }
}
