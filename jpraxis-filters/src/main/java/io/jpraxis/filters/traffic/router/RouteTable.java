package io.jpraxis.filters.traffic.router;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.filters.support.Hosts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The routes in match order, so the first route that matches is the best one: exact paths first,
 * then longer prefixes; between equal paths, more constraints (host plus headers); then
 * declaration order.
 */
final class RouteTable {
    /** Most specific first; the sort is stable, but declaration index makes that explicit. */
    static final Comparator<CompiledRoute> MOST_SPECIFIC_FIRST = Comparator
            .comparing((CompiledRoute r) -> !r.isExact())
            .thenComparing(Comparator.comparingInt(CompiledRoute::pathLength).reversed())
            .thenComparing(Comparator.comparingInt(CompiledRoute::constraintCount).reversed())
            .thenComparingInt(CompiledRoute::declarationIndex);

    private final CompiledRoute[] ordered;
    private final boolean multiLevelSubdomains;

    RouteTable(List<RouteConfig> routes, boolean multiLevelSubdomains) {
        List<CompiledRoute> compiled = new ArrayList<>(routes.size());
        for (int i = 0; i < routes.size(); i++) {
            compiled.add(new CompiledRoute(routes.get(i), i));
        }
        compiled.sort(MOST_SPECIFIC_FIRST);
        this.ordered = compiled.toArray(CompiledRoute[]::new);
        this.multiLevelSubdomains = multiLevelSubdomains;
    }

    /** The best route for the request, or null. The query string never takes part. */
    CompiledRoute match(RequestContext ctx) {
        String path = ctx.path();
        String authority = ctx.authority();
        int hostEnd = authority == null ? 0 : Hosts.hostEnd(authority);
        for (CompiledRoute route : ordered) {
            if (route.matches(path, authority, hostEnd, ctx.headers(), multiLevelSubdomains)) {
                return route;
            }
        }
        return null;
    }

    /** Clusters in match order (for tests and dumps). */
    List<String> clustersInMatchOrder() {
        List<String> clusters = new ArrayList<>(ordered.length);
        for (CompiledRoute r : ordered) {
            clusters.add(r.cluster());
        }
        return clusters;
    }
}
