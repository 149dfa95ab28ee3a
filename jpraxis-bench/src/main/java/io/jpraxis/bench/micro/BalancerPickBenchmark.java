package io.jpraxis.bench.micro;

import io.jpraxis.core.balance.Balancer;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.filters.traffic.loadbalancer.LoadBalancerFilter;
import java.util.List;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One endpoint pick per strategy over a cluster of {@value BenchConfigs#BALANCED_ENDPOINTS}
 * weighted endpoints, with the in-flight count the proxy takes on the picked endpoint for the
 * attempt and gives back when it ends ({@code UpstreamLease}), which least-connections and p2c read.
 *
 * <p>The endpoints carry a standing load of 0 to 3 requests in flight, so the least-loaded
 * strategies compare real counts instead of breaking ties among idle endpoints.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class BalancerPickBenchmark {
    @Param({"round_robin", "least_connections", "p2c", "random", "consistent_hash"})
    public String strategy;

    Balancer balancer;
    RequestContext request;

    @Setup
    public void setup() {
        LoadBalancerFilter filter = BenchGateway.filter(BenchGateway.compile(BenchConfigs.balancer(strategy)),
                LoadBalancerFilter.class);
        balancer = filter.balancer("bench");
        List<EndpointState> endpoints = balancer.endpoints();
        for (int i = 0; i < endpoints.size(); i++) {
            for (int n = 0; n < standingLoad(i); n++) {
                endpoints.get(i).acquire();
            }
        }
        request = BenchRequests.request("GET", "/api/cart", BenchConfigs.HASH_HEADER, "user-8d3f1c");
    }

    /** Gives the standing load back, so nothing outlives the trial. */
    @TearDown
    public void tearDown() {
        List<EndpointState> endpoints = balancer.endpoints();
        for (int i = 0; i < endpoints.size(); i++) {
            for (int n = 0; n < standingLoad(i); n++) {
                endpoints.get(i).release();
            }
        }
    }

    /** Requests in flight on endpoint {@code i} while the benchmark runs. */
    static int standingLoad(int i) {
        return (i * 5 + 3) % 4;
    }

    @Benchmark
    public EndpointState pickAndRelease() {
        EndpointState picked = balancer.pick(request);
        picked.acquire();
        picked.release();
        return picked;
    }
}
