package io.jpraxis.filters.traffic.router;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.support.ConfigLists;
import io.jpraxis.filters.support.HeaderListReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Builds {@code router} filters (see docs/reference/filters/router.md#what-it-does). */
public final class RouterFactory implements FilterFactory<RouterConfig> {
    /** The YAML type name. */
    public static final String TYPE = "router";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(RouterKeys.KEYS);
    }

    @Override
    public Optional<RouterConfig> read(MapReader options, FilterReadContext context) {
        List<RouteConfig> routes = readRoutes(options, context);
        boolean multiLevel = options.bool("multi_level_subdomain_matching", false);
        String aliasHeader = options.string("json_alias_header")
                .filter(h -> HeaderListReader.checkName(h, options.path("json_alias_header"),
                        options.line("json_alias_header"), options.diagnostics()))
                .orElse(null);
        Long aliasMaxBytes = options.integer("json_alias_max_body_bytes").orElse(null);
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new RouterConfig(routes, multiLevel, aliasHeader, aliasMaxBytes));
    }

    @Override
    public FilterDeclaration declare(RouterConfig config) {
        // Every route's cluster, each once, in config order.
        List<String> selectable = config.routes().stream().map(RouteConfig::cluster).distinct().toList();
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.SELECTS_CLUSTER, FilterTrait.ROUTER))
                .withClusters(new FilterDeclaration.Clusters(Map.of(), selectable, List.of()));
    }

    @Override
    public HttpFilter create(RouterConfig config, FilterBuildContext context) {
        return new RouterFilter(config);
    }

    private static List<RouteConfig> readRoutes(MapReader options, FilterReadContext context) {
        List<ConfigNode> items = ConfigLists.nonEmpty(options, "routes",
                "at least one route; without routes every request would fail with 404").orElse(List.of());
        List<RouteConfig> routes = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            RouteReader.read(items.get(i), options.path("routes").index(i), options.diagnostics(), context.features())
                    .ifPresent(routes::add);
        }
        return routes;
    }
}
