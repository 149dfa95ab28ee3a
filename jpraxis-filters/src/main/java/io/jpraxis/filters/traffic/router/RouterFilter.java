package io.jpraxis.filters.traffic.router;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.RouteHedgePolicy;
import io.jpraxis.core.context.RouteRetryPolicy;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import java.util.List;

/**
 * Chooses the cluster for a request from its path, host and headers (see
 * docs/reference/filters/router.md#what-it-does). Never picks an endpoint: a {@code load_balancer}
 * after it does that.
 */
public final class RouterFilter implements HttpFilter {
    private static final FilterAction NO_ROUTE = FilterAction.reject(404, "no route");

    private final RouterConfig config;
    private final RouteTable table;

    /** Compiles {@code config}'s routes into match order. */
    public RouterFilter(RouterConfig config) {
        this.config = config;
        this.table = new RouteTable(config.routes(), config.multiLevelSubdomainMatching());
    }

    @Override
    public String type() {
        return RouterFactory.TYPE;
    }

    @Override
    public RouterConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        CompiledRoute route = table.match(ctx);
        if (route == null) {
            return NO_ROUTE;
        }
        ctx.cluster(route.cluster());
        ctx.route(route.label());
        RouteRetryPolicy.set(ctx, route.cluster(), route.retryPolicy()); // reset on every match
        RouteHedgePolicy.set(ctx, route.cluster(), route.hedgePolicy(), route.hedgeBudget());
        return FilterAction.CONTINUE;
    }

    /** Clusters in the order routes are tried (most specific first). */
    public List<String> clustersInMatchOrder() {
        return table.clustersInMatchOrder();
    }
}
