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
    /** The weighted random draws (and the health view) this strategy compares two of. */
    private final WeightedRandom draws;

    /**
     * @param random read once for a seed
     * @throws IllegalArgumentException when there are no endpoints
     */
    public PowerOfTwoChoices(String cluster, List<EndpointState> endpoints, RandomGenerator random) {
        this.draws = new WeightedRandom(cluster, endpoints, random);
    }

    @Override
    public EndpointState pick(RequestContext ctx) {
        EndpointState first = draws.pick(ctx);
        EndpointState second = draws.pick(ctx);
        return LeastConnections.lessLoaded(second, first) ? second : first;
    }

    @Override
    public List<EndpointState> endpoints() {
        return draws.endpoints();
    }
}
