package io.jpraxis.core.filter;

/** Facts about a filter that the control-flow checks and compiler use (never runtime behaviour). */
public enum FilterTrait {
    /** Sets {@code ctx.cluster} (router and the like); lists them in {@link HttpFilter#selectableClusters()}. */
    SELECTS_CLUSTER,
    /**
     * The pipeline's router: chooses {@code ctx.cluster} by matching routes. Two of them override
     * each other ({@code duplicate_routers}); a router with no load balancer after it is warned about.
     */
    ROUTER,
    /**
     * Picks an endpoint of the cluster in {@code ctx.cluster} (load balancer); lists the clusters it
     * can serve in {@link HttpFilter#servedClusters()}.
     */
    SELECTS_ENDPOINT,
    /**
     * Reads the request's logical upstream binding ({@code load_balancer} with
     * {@code cluster_source: bound_upstream}; feature {@code upstream-binding}).
     */
    READS_BINDING,
    /** Always answers the request itself when it runs (static_response, redirect). */
    ALWAYS_ANSWERS,
    /** A security-class filter (decision 10). */
    SECURITY,
    /**
     * Decides before routing (trace_context), so it may not be gated on what routing or balancing
     * publishes later ({@code bound_upstream}, {@code selected_upstream}; spec 5.9).
     */
    DECIDES_BEFORE_ROUTING
}
