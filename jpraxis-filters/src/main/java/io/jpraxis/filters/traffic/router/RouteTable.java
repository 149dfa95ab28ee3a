package io.jpraxis.filters.traffic.router;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
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
    private final RouteIndex index;
    private final boolean multiLevelSubdomains;

    RouteTable(List<RouteConfig> routes, boolean multiLevelSubdomains) {
        List<CompiledRoute> compiled = new ArrayList<>(routes.size());
        for (int i = 0; i < routes.size(); i++) {
            compiled.add(new CompiledRoute(routes.get(i), i));
        }
        compiled.sort(MOST_SPECIFIC_FIRST);
        this.ordered = compiled.toArray(CompiledRoute[]::new);
        this.index = new RouteIndex(ordered);
        this.multiLevelSubdomains = multiLevelSubdomains;
    }

    /**
     * The best route for the request, or null. The query string never takes part. Only routes whose
     * path can match are tried ({@link RouteIndex}): the exact ones, then each segment-boundary
     * prefix of the path from the longest, then {@code /}.
     */
    CompiledRoute match(RequestContext ctx) {
        String path = ctx.matchPath();
        String authority = ctx.authority();
        int hostEnd = authority == null ? 0 : Hosts.matchEnd(authority);
        HeaderMap headers = ctx.headers();
        CompiledRoute found = first(index.exact(path), path, authority, hostEnd, headers);
        if (found != null) {
            return found;
        }
        // A prefix p matches when the path is p or continues with '/' right after it (see
        // docs/reference/filters/router.md#what-it-does).
        for (int end = path.length(); end > 1; end = path.lastIndexOf('/', end - 1)) {
            found = first(index.prefix(path, end), path, authority, hostEnd, headers);
            if (found != null) {
                return found;
            }
        }
        return path.startsWith("/") ? first(index.root(), path, authority, hostEnd, headers) : null;
    }

    private CompiledRoute first(CompiledRoute[] candidates, String path, String authority, int hostEnd,
            HeaderMap headers) {
        for (CompiledRoute route : candidates) {
            if (route.matches(path, authority, hostEnd, headers, multiLevelSubdomains)) {
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
