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
     * The balancer for {@code cluster}, seeded from {@code services}. Every strategy skips
     * unhealthy endpoints and falls back to all of them when none is healthy (panic mode). With
     * {@code slow_start} the weighted strategies (and the inner strategy of the group ones) apply
     * the ramp; the hash strategies keep the configured weights so a ramp never moves keys
     * (see docs/behaviour/clusters.md#slow-start).
     *
     * @throws IllegalStateException for a group strategy without its parameters (the config loader
     *     always sets them, so reaching here is a programmer error) or a cluster without endpoints
     */
    public static Balancer forCluster(ClusterState state, RuntimeServices services) {
        ClusterConfig cluster = state.config();
        List<EndpointState> endpoints = state.endpoints();
        if (endpoints.isEmpty()) {
            throw new IllegalStateException("cluster '" + cluster.name() + "' has no endpoints");
        }
        // An unset strategy is the documented default (see
        // docs/behaviour/clusters.md#cluster-settings).
        ClusterConfig.LoadBalancerStrategy strategy = cluster.loadBalancerStrategy() == null
                ? ClusterConfig.LoadBalancerStrategy.ROUND_ROBIN : cluster.loadBalancerStrategy();
        String name = cluster.name();
        SlowStartRamp ramp = SlowStartRamp.of(state);
        return switch (strategy) {
            case ROUND_ROBIN -> new WeightedRoundRobin(name, endpoints, services.random(), ramp);
            case LEAST_CONNECTIONS -> new LeastConnections(name, endpoints, services.random(), ramp);
            case P2C -> new PowerOfTwoChoices(name, endpoints, services.random(), ramp);
            case RANDOM -> new WeightedRandom(name, endpoints, services.random(), ramp);
            case CONSISTENT_HASH -> new ConsistentHash(name, endpoints, cluster.hashHeader());
            case MAGLEV -> new Maglev(name, endpoints, cluster.hashHeader(), cluster.hashSizing().maglevTableSize());
            case RING_HASH -> new RingHash(name, endpoints, cluster.hashHeader(), cluster.hashSizing().ringVirtualNodes());
            case SUBSET, ZONE_AWARE, PRIORITY -> {
                if (cluster.tiered() == null) {
                    throw new IllegalStateException("cluster '" + name + "': load_balancer_strategy "
                            + Scalars.yamlName(strategy) + " without its parameters (the loader always sets them)");
                }
                yield GroupBalancers.of(name, cluster.tiered(), cluster.endpoints(), endpoints, services.random(),
                        ramp);
            }
        };
    }

    /** An immutable copy of {@code endpoints}, refusing an empty list. */
    static List<EndpointState> requireEndpoints(String cluster, List<EndpointState> endpoints) {
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("cluster '" + cluster
                    + "': no endpoints to balance over (expected: at least one endpoint)");
        }
        return List.copyOf(endpoints);
    }
}
