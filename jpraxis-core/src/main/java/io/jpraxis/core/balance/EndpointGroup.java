package io.jpraxis.core.balance;

import io.jpraxis.config.model.TieredStrategy.InnerStrategy;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Some endpoints of a cluster (a subset, a zone, a priority level) with the inner strategy that
 * balances within them. The inner balancer skips unhealthy members and, when the group strategy
 * sends a request to a group with none healthy, uses all of them (panic mode within the group).
 */
final class EndpointGroup {
    private final List<EndpointState> members;
    private final Balancer balancer;

    /**
     * @param label how the inner balancer names the group in its logs ({@code backend (priority 1)})
     * @throws IllegalArgumentException when {@code members} is empty
     */
    EndpointGroup(String label, List<EndpointState> members, InnerStrategy inner, RandomGenerator random) {
        this(label, members, inner, random, null);
    }

    /** @param ramp the cluster's slow-start ramp, which the inner strategy applies; null: none */
    EndpointGroup(String label, List<EndpointState> members, InnerStrategy inner, RandomGenerator random,
            SlowStartRamp ramp) {
        this.members = Balancers.requireEndpoints(label, members);
        this.balancer = switch (inner) {
            case ROUND_ROBIN -> new WeightedRoundRobin(label, this.members, random, ramp);
            case LEAST_CONNECTIONS -> new LeastConnections(label, this.members, random, ramp);
            case P2C -> new PowerOfTwoChoices(label, this.members, random, ramp);
            case RANDOM -> new WeightedRandom(label, this.members, random, ramp);
        };
    }

    EndpointState pick(RequestContext ctx) {
        return balancer.pick(ctx);
    }

    List<EndpointState> members() {
        return members;
    }

    int size() {
        return members.size();
    }

    /** Members healthy now: one volatile read each (groups are bounded by the endpoint limit). */
    int healthyCount() {
        int n = 0;
        for (EndpointState e : members) {
            if (e.healthy()) {
                n++;
            }
        }
        return n;
    }

    /** The inner balancer, for tests. */
    Balancer balancer() {
        return balancer;
    }
}
