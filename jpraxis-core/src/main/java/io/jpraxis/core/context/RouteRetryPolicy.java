package io.jpraxis.core.context;

import io.jpraxis.config.model.RetryPolicyConfig;
import io.jpraxis.config.model.RetryPolicyOverride;
import io.jpraxis.core.upstream.UpstreamTarget;

/**
 * The {@code retry_policy} of the route a router matched (see
 * docs/behaviour/retries.md#route-level-policies), kept in the request's extensions for the
 * exchange. It applies only while the request still goes to the route's cluster: a later filter
 * that picks another cluster leaves that cluster's own policy in force.
 */
public record RouteRetryPolicy(String cluster, RetryPolicyOverride override) {
    public static final Extensions.Key<RouteRetryPolicy> KEY = new Extensions.Key<>("route_retry_policy",
            RouteRetryPolicy.class);

    /** Records the matched route's policy, or forgets an earlier route's when this one has none. */
    public static void set(RequestContext ctx, String cluster, RetryPolicyOverride override) {
        if (override == null) {
            ctx.extensions().remove(KEY);
        } else {
            ctx.extensions().put(KEY, new RouteRetryPolicy(cluster, override));
        }
    }

    /** The policy for an exchange to {@code target}: the route's over the cluster's, when it applies. */
    public static RetryPolicyConfig effective(RequestContext ctx, UpstreamTarget target) {
        RetryPolicyConfig cluster = target.cluster().retryPolicy();
        return ctx.extensions().get(KEY).filter(r -> r.cluster().equals(target.cluster().name()))
                .map(r -> r.override().over(cluster)).orElse(cluster);
    }
}
