package io.jpraxis.core.balance;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Power of two choices ({@code p2c}): two weighted random samples among the healthy endpoints,
 * and the one with fewer requests in flight wins (ties: the higher weight, then the first sample).
 * Nearly as even as least-connections while reading only two counters per pick. With slow start
 * (see docs/behaviour/clusters.md#slow-start) both the samples and the comparison use the ramped
 * weights, as {@link LeastConnections} does.
 */
public final class PowerOfTwoChoices implements Balancer {
    private final List<EndpointState> endpoints;
    private final EndpointState[] byIndex;
    private final HealthTracker<Draws> health;
    private final RandomGenerator random;

    /**
     * @param random read once for a seed
     * @throws IllegalArgumentException when there are no endpoints
     */
    public PowerOfTwoChoices(String cluster, List<EndpointState> endpoints, RandomGenerator random) {
        this(cluster, endpoints, random, null);
    }

    /** As {@link #PowerOfTwoChoices(String, List, RandomGenerator)} with a slow-start ramp (null: none). */
    PowerOfTwoChoices(String cluster, List<EndpointState> endpoints, RandomGenerator random, SlowStartRamp ramp) {
        this.endpoints = Balancers.requireEndpoints(cluster, endpoints);
        this.byIndex = this.endpoints.toArray(EndpointState[]::new);
        this.health = new HealthTracker<>(cluster, this.endpoints, ramp,
                p -> new Draws(p, WeightLine.of(p.weights())));
        this.random = SharedRandom.seededFrom(random);
    }

    @Override
    public EndpointState pick(RequestContext ctx) {
        Draws draws = health.snapshot().derived();
        int first = draws.line().positionAt(random.nextLong(draws.line().total()));
        int second = draws.line().positionAt(random.nextLong(draws.line().total()));
        Pickable p = draws.pickable();
        EndpointState a = byIndex[p.indices()[first]];
        EndpointState b = byIndex[p.indices()[second]];
        return LeastConnections.lessLoaded(b, p.weights()[second], a, p.weights()[first], p.byCapacity()) ? b : a;
    }

    @Override
    public List<EndpointState> endpoints() {
        return endpoints;
    }

    /** The weights of one snapshot and the line the samples are drawn on. */
    private record Draws(Pickable pickable, WeightLine line) {
    }
}
