package io.jpraxis.core.balance;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Least connections ({@code least_connections}; see
 * docs/reference/filters/load_balancer.md#what-it-does): the healthy endpoint with the fewest
 * requests in flight; ties go to the higher weight, and remaining ties are broken at random so an
 * idle cluster does not send every request to the endpoint declared first. With slow start (see
 * docs/behaviour/clusters.md#slow-start) the weight is capacity: the fewest in flight per unit of
 * (ramped) weight wins, so a ramping endpoint takes a share of the load that grows with its ramp.
 *
 * <p>Lock-free: one pass reading each endpoint's in-flight counter. Two event loops picking at the
 * same instant may both choose the same endpoint; the counters settle that on the next pick.
 */
public final class LeastConnections implements Balancer {
    private final List<EndpointState> endpoints;
    private final EndpointState[] byIndex;
    private final HealthTracker<Pickable> health;
    private final RandomGenerator random;

    /**
     * @param random read once for a seed
     * @throws IllegalArgumentException when there are no endpoints
     */
    public LeastConnections(String cluster, List<EndpointState> endpoints, RandomGenerator random) {
        this(cluster, endpoints, random, null);
    }

    /** As {@link #LeastConnections(String, List, RandomGenerator)} with a slow-start ramp (null: none). */
    LeastConnections(String cluster, List<EndpointState> endpoints, RandomGenerator random, SlowStartRamp ramp) {
        this.endpoints = Balancers.requireEndpoints(cluster, endpoints);
        this.byIndex = this.endpoints.toArray(EndpointState[]::new);
        this.health = new HealthTracker<>(cluster, this.endpoints, ramp, p -> p);
        this.random = SharedRandom.seededFrom(random);
    }

    @Override
    public EndpointState pick(RequestContext ctx) {
        Pickable pickable = health.snapshot().derived();
        int[] indices = pickable.indices();
        int[] weights = pickable.weights();
        boolean byCapacity = pickable.byCapacity();
        int best = 0;
        int ties = 1;
        for (int i = 1; i < indices.length; i++) {
            EndpointState candidate = byIndex[indices[i]];
            EndpointState leader = byIndex[indices[best]];
            if (lessLoaded(candidate, weights[i], leader, weights[best], byCapacity)) {
                best = i;
                ties = 1;
            } else if (!lessLoaded(leader, weights[best], candidate, weights[i], byCapacity)) {
                // Reservoir sampling: each of the k tied endpoints ends up chosen with probability 1/k.
                ties++;
                if (random.nextInt(ties) == 0) {
                    best = i;
                }
            }
        }
        return byIndex[indices[best]];
    }

    /** Whether {@code a} is strictly preferable to {@code b}: fewer in flight, or as many and heavier. */
    static boolean lessLoaded(EndpointState a, EndpointState b) {
        return lessLoaded(a, a.endpoint().weight(), b, b.endpoint().weight(), false);
    }

    /**
     * Whether {@code a} (picking with weight {@code weightA}) is strictly preferable to {@code b}:
     * fewer in flight (per unit of weight when {@code byCapacity}), or as loaded and heavier.
     */
    static boolean lessLoaded(EndpointState a, int weightA, EndpointState b, int weightB, boolean byCapacity) {
        long loadA = a.inFlight();
        long loadB = b.inFlight();
        if (byCapacity) {
            // a/weightA < b/weightB without division; both products fit a long.
            loadA *= weightB;
            loadB *= weightA;
        }
        if (loadA != loadB) {
            return loadA < loadB;
        }
        return weightA > weightB;
    }

    @Override
    public List<EndpointState> endpoints() {
        return endpoints;
    }
}
