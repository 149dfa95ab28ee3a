package io.jpraxis.http.admin;

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

    /** @param lifecycle the edge's state, read on every probe ({@code HttpGateway::lifecycle}) */
    public Readiness(ClusterStates clusters, Supplier<Lifecycle> lifecycle) {
        this(() -> clusters, lifecycle);
    }

    /**
     * @param clusters the clusters of the config serving now, read on every probe (a reload
     *     replaces them)
     */
    public Readiness(Supplier<ClusterStates> clusters, Supplier<Lifecycle> lifecycle) {
        this.clusters = clusters;
        this.lifecycle = lifecycle;
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
        return new Report(reason == null, reason, health);
    }

    /**
     * A readiness verdict.
     *
     * @param reason why the process is not ready; null when it is
     */
    public record Report(boolean ready, String reason, List<ClusterHealth> clusters) {
        public Report {
            clusters = List.copyOf(clusters);
        }
    }

    /** One cluster's endpoint counts. */
    public record ClusterHealth(String name, int healthyEndpoints, int totalEndpoints, boolean healthChecked) {
    }
}
