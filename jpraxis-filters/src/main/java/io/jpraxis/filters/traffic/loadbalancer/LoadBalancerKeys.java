package io.jpraxis.filters.traffic.loadbalancer;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.ClusterReader;

/** The keys of a {@code load_balancer} entry. */
public final class LoadBalancerKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Sends the request to an endpoint of the "
            + "cluster the router (or the bound upstream) chose, among the clusters it declares.",
            key("clusters", KeyType.listOf(KeyType.ref("cluster", () -> ClusterReader.KEYS), 1, null),
                    "The clusters this balancer declares, each with the keys of a top-level cluster.").asRequired()
                    .withRule("unique names"),
            key("cluster_source", KeyType.choice(ClusterSource.class), "Where the cluster comes from.")
                    .withDefault("router").withRule("bound_upstream needs feature "
                            + Feature.UPSTREAM_BINDING.cliName()));

    private LoadBalancerKeys() {
    }
}
