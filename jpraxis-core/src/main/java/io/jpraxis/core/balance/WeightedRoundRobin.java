package io.jpraxis.core.balance;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/**
 * Weighted round robin ({@code round_robin}): picks follow one weighted cycle, interleaved
 * nginx-style, so weights {@code 3:1} give {@code a a b a} and every full cycle is exact.
 *
 * <p>Lock-free: a pick is one atomic increment plus a lookup in an immutable schedule, so event
 * loops never wait on each other.
 */
public final class WeightedRoundRobin implements Balancer {
    private final List<EndpointState> endpoints;
    private final EndpointState[] byIndex;
    private final WeightSchedule schedule;
    private final AtomicLong position;

    /**
     * Builds the cycle for {@code endpoints}; {@code random} only chooses where in the cycle to start.
     *
     * @throws IllegalArgumentException when there are no endpoints or a weight is below 1
     */
    public WeightedRoundRobin(List<EndpointState> endpoints, RandomGenerator random) {
        this(endpoints, random, null);
    }

    /** Test seam: forces {@code schedule} instead of choosing one from the weights. */
    WeightedRoundRobin(List<EndpointState> endpoints, RandomGenerator random, WeightSchedule forcedSchedule) {
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("round robin over no endpoints (expected: at least one endpoint)");
        }
        this.endpoints = List.copyOf(endpoints);
        this.byIndex = this.endpoints.toArray(EndpointState[]::new);
        this.schedule = forcedSchedule != null ? forcedSchedule : WeightSchedule.of(weightsOf(this.endpoints));
        // A random start keeps a fleet of gateways restarted together from all sending their
        // first requests to the same endpoint; it does not change the spread of any full cycle.
        this.position = new AtomicLong(random.nextLong(schedule.cycleLength()));
    }

    @Override
    public EndpointState pick(RequestContext ctx) {
        long cycle = schedule.cycleLength();
        // floorMod keeps the index valid even after the counter wraps past Long.MAX_VALUE.
        long slot = Math.floorMod(position.getAndIncrement(), cycle);
        return byIndex[schedule.endpointAt(slot)];
    }

    @Override
    public List<EndpointState> endpoints() {
        return endpoints;
    }

    static int[] weightsOf(List<EndpointState> endpoints) {
        int[] weights = new int[endpoints.size()];
        for (int i = 0; i < weights.length; i++) {
            weights[i] = endpoints.get(i).endpoint().weight();
        }
        return weights;
    }
}
