package io.jpraxis.core.context;

import io.jpraxis.core.upstream.UpstreamTarget;

/**
 * Picks an endpoint of the request's current cluster the way the load balancer that served the
 * request would, for an {@link UpstreamFailover} that moved it to another cluster after the
 * pipeline ran. The load balancer leaves one in the extensions of requests that carry a plan.
 */
@FunctionalInterface
public interface ClusterPicker {
    /** Where the edge looks for it. */
    Extensions.Key<ClusterPicker> KEY = new Extensions.Key<>("cluster_picker", ClusterPicker.class);

    /** The target in {@code ctx.cluster()}, or null when the balancer does not serve that cluster. */
    UpstreamTarget pick(RequestContext ctx);
}
