package io.jpraxis.filters.traffic.loadbalancer;

/** Where a load balancer learns the request's cluster ({@code cluster_source}). */
public enum ClusterSource {
    /** {@code ctx.cluster}, as a router (or other selector) set it. */
    ROUTER,
    /**
     * The frozen logical binding (feature {@code upstream-binding}; see
     * docs/behaviour/binding.md#consumers).
     */
    BOUND_UPSTREAM
}
