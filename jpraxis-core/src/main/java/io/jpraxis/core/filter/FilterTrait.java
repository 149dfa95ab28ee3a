package io.jpraxis.core.filter;

/** Facts about a filter that the control-flow checks and compiler use (never runtime behaviour). */
public enum FilterTrait {
    /** Sets {@code ctx.cluster} (router and the like). */
    SELECTS_CLUSTER,
    /** Picks an endpoint (load balancer). */
    SELECTS_ENDPOINT,
    /** Always answers the request itself when it runs (static_response, redirect). */
    ALWAYS_ANSWERS,
    /** A security-class filter (decision 10). */
    SECURITY
}
