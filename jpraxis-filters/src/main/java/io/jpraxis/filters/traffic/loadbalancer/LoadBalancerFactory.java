package io.jpraxis.filters.traffic.loadbalancer;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.load.ClusterReader;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.FilterBuildContext;
import io.jpraxis.core.filter.FilterFactory;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.filters.support.ConfigLists;
import java.util.List;
import java.util.Optional;

/** Builds {@code load_balancer} filters (spec 5.2). */
public final class LoadBalancerFactory implements FilterFactory {
    /** The YAML type name. */
    public static final String TYPE = "load_balancer";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public boolean declaresClusters() {
        return true;
    }

    @Override
    public Optional<HttpFilter> create(MapReader options, FilterBuildContext context) {
        List<ClusterConfig> clusters = readClusters(options, context);
        ClusterSource source = readClusterSource(options, context);
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new LoadBalancerFilter(new LoadBalancerConfig(clusters, source), context.services(),
                context.clusterStates()));
    }

    private static List<ClusterConfig> readClusters(MapReader options, FilterBuildContext context) {
        Optional<List<ConfigNode>> items = ConfigLists.nonEmpty(options, "clusters",
                "at least one cluster; without clusters every request would fail with 502");
        if (items.isEmpty()) {
            return List.of();
        }
        // Inline clusters follow the top-level cluster schema, names unique within this list.
        return ClusterReader.readList(options.node("clusters").orElseThrow(), options.path("clusters"),
                options.diagnostics(), context.insecureOptions());
    }

    private static ClusterSource readClusterSource(MapReader options, FilterBuildContext context) {
        ClusterSource source = options.enumValue("cluster_source", ClusterSource.class).orElse(ClusterSource.ROUTER);
        if (source == ClusterSource.BOUND_UPSTREAM && !context.features().has(Feature.UPSTREAM_BINDING)) {
            options.invalid("cluster_source", "router; bound_upstream needs feature "
                    + Feature.UPSTREAM_BINDING.cliName() + " (enable it with --features "
                    + Feature.UPSTREAM_BINDING.cliName() + ")");
        }
        return source;
    }
}
