package io.jpraxis.core.balance;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Weighted random ({@code random}): each pick lands on a healthy endpoint with probability
 * proportional to its weight (its ramped weight with slow start; see
 * docs/behaviour/clusters.md#slow-start). Lock-free: one draw from a {@link SharedRandom} and a
 * binary search.
 */
public final class WeightedRandom implements Balancer {
    private final List<EndpointState> endpoints;
    private final EndpointState[] byIndex;
    private final HealthTracker<WeightLine> health;
    private final RandomGenerator random;

    /**
     * @param random read once for a seed
     * @throws IllegalArgumentException when there are no endpoints
     */
    public WeightedRandom(String cluster, List<EndpointState> endpoints, RandomGenerator random) {
        this(cluster, endpoints, random, null);
    }

    /** As {@link #WeightedRandom(String, List, RandomGenerator)} with a slow-start ramp (null: none). */
    WeightedRandom(String cluster, List<EndpointState> endpoints, RandomGenerator random, SlowStartRamp ramp) {
        this.endpoints = Balancers.requireEndpoints(cluster, endpoints);
        this.byIndex = this.endpoints.toArray(EndpointState[]::new);
        this.health = new HealthTracker<>(cluster, this.endpoints, ramp, p -> WeightLine.of(p.weights()));
        this.random = SharedRandom.seededFrom(random);
    }

    @Override
    public EndpointState pick(RequestContext ctx) {
        return sample(health.snapshot(), byIndex, random);
    }

    /** One weighted draw among the snapshot's eligible endpoints. */
    private static EndpointState sample(HealthTracker.Snapshot<WeightLine> snapshot, EndpointState[] byIndex,
            RandomGenerator random) {
        WeightLine line = snapshot.derived();
        return byIndex[snapshot.picks()[line.positionAt(random.nextLong(line.total()))]];
    }

    @Override
    public List<EndpointState> endpoints() {
        return endpoints;
    }
}
