package io.jpraxis.core.context;

import io.jpraxis.config.model.HedgePolicyConfig;
import io.jpraxis.core.upstream.HedgeBudget;
import io.jpraxis.core.upstream.UpstreamTarget;
import java.util.Optional;

/**
 * The {@code hedge_policy} of the route a router matched, with that policy's budget (see
 * docs/behaviour/hedging.md#when-a-request-is-hedged), kept in the request's extensions for the
 * exchange. Like a route's retry policy it applies only while the request still goes to the
 * route's cluster.
 */
public record RouteHedgePolicy(String cluster, HedgePolicyConfig policy, HedgeBudget budget) {
    public static final Extensions.Key<RouteHedgePolicy> KEY = new Extensions.Key<>("route_hedge_policy",
            RouteHedgePolicy.class);

    /** Records the matched route's policy, or forgets an earlier route's when this one has none. */
    public static void set(RequestContext ctx, String cluster, HedgePolicyConfig policy, HedgeBudget budget) {
        if (policy == null) {
            ctx.extensions().remove(KEY);
        } else {
            ctx.extensions().put(KEY, new RouteHedgePolicy(cluster, policy, budget));
        }
    }

    /** The policy for an exchange to {@code target}, when the matched route's applies to its cluster. */
    public static Optional<RouteHedgePolicy> forTarget(RequestContext ctx, UpstreamTarget target) {
        return ctx.extensions().get(KEY).filter(r -> r.cluster().equals(target.cluster().name()));
    }
}
