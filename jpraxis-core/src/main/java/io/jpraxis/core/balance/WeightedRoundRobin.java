package io.jpraxis.core.balance;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/**
 * Weighted round robin ({@code round_robin}): picks follow one weighted cycle, interleaved
 * nginx-style, so weights {@code 3:1} give {@code a a b a} and every full cycle is exact. While
 * some endpoints are unhealthy the cycle runs over the healthy ones only; when none is healthy it
 * runs over all of them (panic mode).
 *
 * <p>Lock-free: a pick is one atomic increment plus a lookup in an immutable schedule, so event
 * loops never wait on each other. A schedule over a healthy subset is built once per health change.
 * With slow start the cycle interleaves the ramped weights and is rebuilt as they grow (see
 * docs/behaviour/clusters.md#slow-start).
 */
public final class WeightedRoundRobin implements Balancer {
    private final List<EndpointState> endpoints;
    private final EndpointState[] byIndex;
    private final HealthTracker<WeightSchedule> health;
    private final AtomicLong position;

    /**
     * Builds the cycle for {@code endpoints}; {@code random} only chooses where in the cycle to start.
     *
     * @throws IllegalArgumentException when there are no endpoints or a weight is below 1
     */
    public WeightedRoundRobin(String cluster, List<EndpointState> endpoints, RandomGenerator random) {
        this(cluster, endpoints, random, null, null);
    }

    /** As {@link #WeightedRoundRobin(String, List, RandomGenerator)} with a slow-start ramp (null: none). */
    WeightedRoundRobin(String cluster, List<EndpointState> endpoints, RandomGenerator random, SlowStartRamp ramp) {
        this(cluster, endpoints, random, null, ramp);
    }

    /** As {@link #WeightedRoundRobin(String, List, RandomGenerator)} for a cluster logged as unnamed. */
    public WeightedRoundRobin(List<EndpointState> endpoints, RandomGenerator random) {
        this("(unnamed)", endpoints, random, null, null);
    }

    /** Test seam: forces {@code schedule} (over all endpoints) instead of choosing one from the weights. */
    WeightedRoundRobin(String cluster, List<EndpointState> endpoints, RandomGenerator random,
            WeightSchedule forcedSchedule) {
        this(cluster, endpoints, random, forcedSchedule, null);
    }

    private WeightedRoundRobin(String cluster, List<EndpointState> endpoints, RandomGenerator random,
            WeightSchedule forcedSchedule, SlowStartRamp ramp) {
        this.endpoints = Balancers.requireEndpoints(cluster, endpoints);
        this.byIndex = this.endpoints.toArray(EndpointState[]::new);
        WeightSchedule full = forcedSchedule != null ? forcedSchedule : WeightSchedule.of(weightsOf(byIndex));
        this.health = new HealthTracker<>(cluster, this.endpoints, ramp, p -> p.configured()
                && p.indices().length == byIndex.length ? full : WeightSchedule.of(p.weights()));
        // A random start keeps a fleet of gateways restarted together from all sending their
        // first requests to the same endpoint; it does not change the spread of any full cycle.
        this.position = new AtomicLong(random.nextLong(full.cycleLength()));
    }

    @Override
    public EndpointState pick(RequestContext ctx) {
        HealthTracker.Snapshot<WeightSchedule> snapshot = health.snapshot();
        WeightSchedule schedule = snapshot.derived();
        // floorMod keeps the index valid even after the counter wraps past Long.MAX_VALUE.
        long slot = Math.floorMod(position.getAndIncrement(), schedule.cycleLength());
        return byIndex[snapshot.picks()[schedule.endpointAt(slot)]];
    }

    @Override
    public List<EndpointState> endpoints() {
        return endpoints;
    }

    /** The configured weight of every endpoint. */
    private static int[] weightsOf(EndpointState[] endpoints) {
        int[] weights = new int[endpoints.length];
        for (int i = 0; i < endpoints.length; i++) {
            weights[i] = endpoints[i].endpoint().weight();
        }
        return weights;
    }
}
