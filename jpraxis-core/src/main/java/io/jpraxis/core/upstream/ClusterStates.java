package io.jpraxis.core.upstream;

import io.jpraxis.config.model.ClusterConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@link ClusterState} per declared cluster of a compiled gateway, so every load balancer,
 * the health checker, the proxy and the admin listener see the same health and in-flight counts.
 *
 * <p>Filled while the config compiles (single-threaded), read-only afterwards. A declaration is
 * its own cluster: two load balancers declaring the same name in different places get separate
 * states, since their endpoints may differ.
 */
public final class ClusterStates {
    private final Map<ClusterConfig, ClusterState> byConfig = new LinkedHashMap<>();
    private volatile boolean sealed;

    /** The state of {@code cluster}, created on first request. */
    public synchronized ClusterState stateFor(ClusterConfig cluster) {
        ClusterState state = byConfig.get(cluster);
        if (state == null) {
            if (sealed) {
                throw new IllegalStateException("cluster '" + cluster.name() + "' declared after compilation ended");
            }
            state = new ClusterState(cluster);
            byConfig.put(cluster, state);
        }
        return state;
    }

    /** Stops registration; called when the gateway has compiled. */
    public synchronized void seal() {
        sealed = true;
    }

    /** Every cluster state, in the order the clusters were first declared. */
    public synchronized List<ClusterState> all() {
        return List.copyOf(new ArrayList<>(byConfig.values()));
    }
}
