package io.jpraxis.http.admin;

import io.jpraxis.core.store.SharedStore;
import io.jpraxis.core.store.StoreHealth;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.ClusterStates;
import io.jpraxis.http.server.Lifecycle;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Whether this process should receive traffic ({@code /ready}: see
 * docs/behaviour/config-loading.md#admin-listener): not while the edge is starting or shutting
 * down, nor while any health-checked cluster has no healthy endpoint. Clusters without a health
 * check are listed but never make the process unready.
 */
public final class Readiness {
    private final Supplier<ClusterStates> clusters;
    private final Supplier<Lifecycle> lifecycle;
    private final Supplier<List<SharedStore>> stores;

    /** @param lifecycle the edge's state, read on every probe ({@code HttpGateway::lifecycle}) */
    public Readiness(ClusterStates clusters, Supplier<Lifecycle> lifecycle) {
        this(() -> clusters, lifecycle);
    }

    /**
     * @param clusters the clusters of the config serving now, read on every probe (a reload
     *     replaces them)
     */
    public Readiness(Supplier<ClusterStates> clusters, Supplier<Lifecycle> lifecycle) {
        this(clusters, lifecycle, List::of);
    }

    /**
     * @param stores the shared stores the process opened: listed with their state, never a reason
     *     to be unready (see docs/behaviour/shared-state.md#calls-and-failures)
     */
    public Readiness(Supplier<ClusterStates> clusters, Supplier<Lifecycle> lifecycle,
            Supplier<List<SharedStore>> stores) {
        this.clusters = clusters;
        this.lifecycle = lifecycle;
        this.stores = stores;
    }

    /** The verdict now, with every cluster's endpoint counts in declaration order. */
    public Report check() {
        List<ClusterHealth> health = new ArrayList<>();
        String firstDown = null;
        for (ClusterState state : clusters.get().all()) {
            ClusterHealth h = new ClusterHealth(state.name(), state.healthyCount(), state.endpoints().size(),
                    state.config().healthCheck() != null);
            health.add(h);
            if (firstDown == null && h.healthChecked() && h.healthyEndpoints() == 0) {
                firstDown = "cluster " + h.name() + " has no healthy endpoint";
            }
        }
        String reason = switch (lifecycle.get()) {
            case STARTING -> "starting";
            case DRAINING, STOPPED -> "shutting down";
            case SERVING -> firstDown;
        };
        List<StoreState> storeStates = stores.get().stream().map(store -> {
            StoreHealth h = store.health();
            return new StoreState(store.describe(), h.connected(), h.lastError());
        }).toList();
        return new Report(reason == null, reason, health, storeStates);
    }

    /**
     * A readiness verdict.
     *
     * @param reason why the process is not ready; null when it is
     */
    public record Report(boolean ready, String reason, List<ClusterHealth> clusters, List<StoreState> stores) {
        public Report {
            clusters = List.copyOf(clusters);
            stores = List.copyOf(stores);
        }

        /** A report without shared stores. */
        public Report(boolean ready, String reason, List<ClusterHealth> clusters) {
            this(ready, reason, clusters, List.of());
        }
    }

    /** A shared store as its client last saw it; {@code lastError} null when none. */
    public record StoreState(String store, boolean connected, String lastError) {
    }

    /** One cluster's endpoint counts. */
    public record ClusterHealth(String name, int healthyEndpoints, int totalEndpoints, boolean healthChecked) {
    }
}
