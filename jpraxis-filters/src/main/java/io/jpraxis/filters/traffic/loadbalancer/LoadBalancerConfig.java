package io.jpraxis.filters.traffic.loadbalancer;

import io.jpraxis.config.model.ClusterConfig;
import java.util.List;

/**
 * The {@code load_balancer} filter's config (see
 * docs/reference/filters/load_balancer.md#what-it-does): its inline clusters, names unique.
 */
public record LoadBalancerConfig(List<ClusterConfig> clusters, ClusterSource clusterSource) {

    public LoadBalancerConfig {
        clusters = List.copyOf(clusters);
    }
}
