package io.jpraxis.filters.traffic.loadbalancer;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.ClusterReader;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.support.ConfigLists;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Builds {@code load_balancer} filters (see docs/reference/filters/load_balancer.md#what-it-does).
 */
public final class LoadBalancerFactory implements FilterFactory<LoadBalancerConfig> {
    /** The YAML type name. */
    public static final String TYPE = "load_balancer";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(LoadBalancerKeys.KEYS);
    }

    @Override
    public boolean declaresClusters() {
        return true;
    }

    @Override
    public Optional<LoadBalancerConfig> read(MapReader options, FilterReadContext context) {
        List<ClusterConfig> clusters = readClusters(options, context);
        ClusterSource source = readClusterSource(options, context);
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new LoadBalancerConfig(clusters, source));
    }

    @Override
    public FilterDeclaration declare(LoadBalancerConfig config) {
        return declaration(config);
    }

    @Override
    public HttpFilter create(LoadBalancerConfig config, FilterBuildContext context) {
        return new LoadBalancerFilter(config, context.services(), context.clusterStates());
    }

    private static List<ClusterConfig> readClusters(MapReader options, FilterReadContext context) {
        Optional<List<ConfigNode>> items = ConfigLists.nonEmpty(options, "clusters",
                "at least one cluster; without clusters every request would fail with 502");
        if (items.isEmpty()) {
            return List.of();
        }
        // Inline clusters follow the top-level cluster schema, names unique within this list.
        return ClusterReader.readList(options.node("clusters").orElseThrow(), options.path("clusters"),
                options.diagnostics(), context.insecureOptions(), context.features());
    }

    private static ClusterSource readClusterSource(MapReader options, FilterReadContext context) {
        ClusterSource source = options.enumValue("cluster_source", ClusterSource.class).orElse(ClusterSource.ROUTER);
        if (source == ClusterSource.BOUND_UPSTREAM && !context.features().has(Feature.UPSTREAM_BINDING)) {
            options.invalid("cluster_source", "router; bound_upstream needs feature "
                    + Feature.UPSTREAM_BINDING.cliName() + " (enable it with --features "
                    + Feature.UPSTREAM_BINDING.cliName() + ")");
        }
        return source;
    }

    /**
     * Selects endpoints of each declared cluster (and reads the binding with {@code bound_upstream});
     * each cluster's application metadata seeds the pipeline's cluster catalog.
     */
    static FilterDeclaration declaration(LoadBalancerConfig config) {
        Map<String, ClusterTags> tags = new LinkedHashMap<>();
        for (ClusterConfig cluster : config.clusters()) {
            tags.put(cluster.name(), ClusterTags.of(cluster.http()));
        }
        List<String> served = config.clusters().stream().map(ClusterConfig::name).toList();
        Set<String> http2 = config.clusters().stream().filter(LoadBalancerFactory::mayUseHttp2)
                .map(ClusterConfig::name).collect(Collectors.toSet());
        Set<FilterTrait> traits = config.clusterSource() == ClusterSource.BOUND_UPSTREAM
                ? Set.of(FilterTrait.SELECTS_ENDPOINT, FilterTrait.READS_BINDING)
                : Set.of(FilterTrait.SELECTS_ENDPOINT);
        return FilterDeclaration.NONE.withTraits(traits)
                .withClusters(new FilterDeclaration.Clusters(tags, List.of(), served, http2));
    }

    /**
     * Whether the cluster's connections can speak HTTP/2 to the origin (see
     * docs/behaviour/upstream-http2.md#choosing-the-version): {@code h2}, or {@code auto} over TLS,
     * where the origin's ALPN may pick it; {@code auto} in cleartext is HTTP/1.1.
     */
    static boolean mayUseHttp2(ClusterConfig cluster) {
        ClusterHttpConfig http = cluster.http();
        if (http == null) {
            return false;
        }
        return switch (http.versionOrDefault()) {
            case H2 -> true;
            case AUTO -> cluster.tls() != null;
            case H1 -> false;
        };
    }
}
