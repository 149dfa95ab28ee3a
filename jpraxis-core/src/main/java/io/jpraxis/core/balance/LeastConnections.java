package io.jpraxis.core.balance;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Least connections ({@code least_connections}; see
 * docs/reference/filters/load_balancer.md#what-it-does): the healthy endpoint with the fewest
 * requests in flight; ties go to the higher weight, and remaining ties are broken at random so an
 * idle cluster does not send every request to the endpoint declared first.
 *
 * <p>Lock-free: one pass reading each endpoint's in-flight counter. Two event loops picking at the
 * same instant may both choose the same endpoint; the counters settle that on the next pick.
 */
public final class LeastConnections implements Balancer {
    private final List<EndpointState> endpoints;
    private final EndpointState[] byIndex;
    private final HealthTracker<Void> health;
    private final RandomGenerator random;

    /**
     * @param random read once for a seed
     * @throws IllegalArgumentException when there are no endpoints
     */
    public LeastConnections(String cluster, List<EndpointState> endpoints, RandomGenerator random) {
        this.endpoints = Balancers.requireEndpoints(cluster, endpoints);
        this.byIndex = this.endpoints.toArray(EndpointState[]::new);
        this.health = new HealthTracker<>(cluster, this.endpoints, eligible -> null);
        this.random = SharedRandom.seededFrom(random);
    }

    @Override
    public EndpointState pick(RequestContext ctx) {
        int[] eligible = health.snapshot().eligible();
        EndpointState best = byIndex[eligible[0]];
        int ties = 1;
        for (int i = 1; i < eligible.length; i++) {
            EndpointState candidate = byIndex[eligible[i]];
            if (lessLoaded(candidate, best)) {
                best = candidate;
                ties = 1;
            } else if (!lessLoaded(best, candidate)) {
                // Reservoir sampling: each of the k tied endpoints ends up chosen with probability 1/k.
                ties++;
                if (random.nextInt(ties) == 0) {
                    best = candidate;
                }
            }
        }
        return best;
    }

    /** Whether {@code a} is strictly preferable to {@code b}: fewer in flight, or as many and heavier. */
    static boolean lessLoaded(EndpointState a, EndpointState b) {
        int inFlightA = a.inFlight();
        int inFlightB = b.inFlight();
        if (inFlightA != inFlightB) {
            return inFlightA < inFlightB;
        }
        return a.endpoint().weight() > b.endpoint().weight();
    }

    @Override
    public List<EndpointState> endpoints() {
        return endpoints;
    }
}
