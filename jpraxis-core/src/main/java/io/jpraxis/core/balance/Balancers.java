package io.jpraxis.core.balance;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.EndpointState;
import java.util.List;

/** Builds the balancer a cluster's {@code load_balancer_strategy} asks for. */
public final class Balancers {
    private Balancers() {
    }

    /**
     * The balancer for {@code cluster}, seeded from {@code services}.
     *
     * @throws IllegalStateException for a strategy jpraxis does not implement (the config loader
     *     refuses those, so reaching here is a programmer error) or a cluster without endpoints
     */
    public static Balancer forCluster(ClusterState state, RuntimeServices services) {
        ClusterConfig cluster = state.config();
        List<EndpointState> endpoints = state.endpoints();
        if (endpoints.isEmpty()) {
            throw new IllegalStateException("cluster '" + cluster.name() + "' has no endpoints");
        }
        // An unset strategy is the documented default (spec 1.5).
        ClusterConfig.LoadBalancerStrategy strategy = cluster.loadBalancerStrategy() == null
                ? ClusterConfig.LoadBalancerStrategy.ROUND_ROBIN : cluster.loadBalancerStrategy();
        return switch (strategy) {
            case ROUND_ROBIN -> new WeightedRoundRobin(endpoints, services.random());
            case LEAST_CONNECTIONS, P2C, RANDOM, CONSISTENT_HASH, MAGLEV, RING_HASH, SUBSET, ZONE_AWARE, PRIORITY ->
                    throw new IllegalStateException("cluster '" + cluster.name() + "': load_balancer_strategy "
                            + Scalars.yamlName(strategy)
                            + " is not implemented in jpraxis and should have been refused at config load");
        };
    }
}
