package io.jpraxis.core.balance;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Power of two choices ({@code p2c}): two weighted random samples among the healthy endpoints,
 * and the one with fewer requests in flight wins (ties: the higher weight, then the first sample).
 * Nearly as even as least-connections while reading only two counters per pick.
 */
public final class PowerOfTwoChoices implements Balancer {
    private final List<EndpointState> endpoints;
    private final EndpointState[] byIndex;
    private final HealthTracker<WeightLine> health;
    private final RandomGenerator random;

    /**
     * @param random read once for a seed
     * @throws IllegalArgumentException when there are no endpoints
     */
    public PowerOfTwoChoices(String cluster, List<EndpointState> endpoints, RandomGenerator random) {
        this.endpoints = Balancers.requireEndpoints(cluster, endpoints);
        this.byIndex = this.endpoints.toArray(EndpointState[]::new);
        this.health = new HealthTracker<>(cluster, this.endpoints, eligible -> WeightLine.over(byIndex, eligible));
        this.random = SharedRandom.seededFrom(random);
    }

    @Override
    public EndpointState pick(RequestContext ctx) {
        HealthTracker.Snapshot<WeightLine> snapshot = health.snapshot();
        EndpointState first = WeightedRandom.sample(snapshot, byIndex, random);
        EndpointState second = WeightedRandom.sample(snapshot, byIndex, random);
        return LeastConnections.lessLoaded(second, first) ? second : first;
    }

    @Override
    public List<EndpointState> endpoints() {
        return endpoints;
    }
}
