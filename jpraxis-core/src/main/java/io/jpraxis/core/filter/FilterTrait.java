package io.jpraxis.core.filter;

/** Facts about a filter that the control-flow checks and compiler use (never runtime behaviour). */
public enum FilterTrait {
    /** Sets {@code ctx.cluster} (router and the like); lists them in its declaration's {@code clusters().selectable()}. */
    SELECTS_CLUSTER,
    /**
     * The pipeline's router: chooses {@code ctx.cluster} by matching routes. Two of them override
     * each other ({@code duplicate_routers}); a router with no load balancer after it is warned about.
     */
    ROUTER,
    /**
     * Acts on {@code ctx.cluster} and lets a request without one pass untouched ({@code
     * sticky_sessions}, {@code circuit_breaker}): it must have a cluster-selecting filter before it
     * ({@code cluster_reader_without_router}; see docs/behaviour/ordering-checks.md#context-readers).
     */
    READS_CLUSTER,
    /** Sets {@code ctx.authenticated_subject} when it admits a request ({@code jwt_auth}, {@code basic_auth}). */
    SETS_SUBJECT,
    /**
     * Needs the subject an authentication filter set ({@code rate_limit} with {@code key:
     * authenticated_subject}): it must have a {@link #SETS_SUBJECT} filter before it ({@code
     * subject_without_authentication}; see docs/behaviour/ordering-checks.md#context-readers).
     */
    READS_SUBJECT,
    /**
     * Picks an endpoint of the cluster in {@code ctx.cluster} (load balancer); lists the clusters it
     * can serve in its declaration's {@code clusters().served()}.
     */
    SELECTS_ENDPOINT,
    /**
     * Sets {@code ctx.upstream} itself, outside any cluster ({@code endpoint_selector}): a later
     * load balancer leaves such a request alone. Counts as picking the endpoint where a pipeline
     * must pick one (an outbound chain); it serves no cluster, so the cluster checks ignore it.
     */
    SETS_UPSTREAM,
    /**
     * Reads the request's logical upstream binding ({@code load_balancer} with
     * {@code cluster_source: bound_upstream}; feature {@code upstream-binding}).
     */
    READS_BINDING,
    /** Always answers the request itself when it runs (static_response, redirect, iterative_request_router). */
    ALWAYS_ANSWERS,
    /**
     * Answers some requests itself and lets the others continue (a filter that declares terminal
     * responses but is none of the answering built-ins). Binding coverage counts its answer and
     * still checks the path past it (see docs/behaviour/binding.md#binding-rules).
     */
    MAY_ANSWER,
    /**
     * Runs nested step pipelines of sub-requests and answers the request itself ({@code
     * iterative_request_router}; also {@link #ALWAYS_ANSWERS}). It owns endpoint selection of its
     * exchanges, so it may not share a pipeline with a top-level load balancer, and a top-level
     * router beside it needs a bound consumer after it (R7; see
     * docs/behaviour/binding.md#binding-rules). Its steps that read the binding are its
     * declaration's {@code nested().bindingSteps()}.
     */
    ITERATIVE_ROUTER,
    /** A security-class filter (see docs/behaviour/ordering-checks.md#security-class-filters). */
    SECURITY,
    /**
     * A security-class filter that never refuses access on its own ({@code cors},
     * {@code forwarded_headers}): a branch that routes around it is warned about rather than
     * refused, since requests that skip it are not let in where they would have been stopped (see
     * docs/behaviour/ordering-checks.md#security-class-filters).
     */
    NON_GATING,
    /**
     * Consumes the provider-hop context an edge gateway sends ({@code provider_route}): held by the
     * provider boundary check, which no insecure option skips or demotes (see
     * docs/behaviour/ordering-checks.md#the-provider-boundary).
     */
    CONSUMES_PROVIDER_HOP,
    /**
     * Admits only trusted peer certificates ({@code peer_identity_trust}): the filter the provider
     * boundary check wants first in a pipeline that consumes the provider hop.
     */
    PEER_TRUST,
    /**
     * Decides before routing (trace_context), so it may not be gated on what routing or balancing
     * publishes later ({@code bound_upstream}, {@code selected_upstream}; see
     * docs/reference/filters/trace_context.md#what-it-does).
     */
    DECIDES_BEFORE_ROUTING,
    /**
     * Rewrites the request target ({@code path_rewrite}, {@code url_rewrite}): two at the top level
     * override each other, the last writer winning ({@code duplicate_rewrite_filters}; see
     * docs/behaviour/ordering-checks.md#the-ordering-checks).
     */
    REWRITES_TARGET,
    /**
     * A target rewrite written with {@code allow_rewrite_override: true}: following an earlier
     * rewrite is a warning rather than an error.
     */
    OVERRIDES_REWRITE,
    /**
     * Turns requests into gRPC calls, which need an HTTP/2 leg to the origin ({@code grpc_web}): a
     * pipeline whose load balancers serve no cluster that can speak HTTP/2 upstream is warned about
     * ({@code grpc_upstream_http2}; see docs/behaviour/grpc.md#grpc-web).
     */
    NEEDS_HTTP2_UPSTREAM,
    /**
     * Names the models its pipeline routes to ({@code intelligent_route}'s candidates) and
     * publishes where they come from in the pipeline's exports, for a model listing to read.
     */
    NAMES_MODELS,
    /**
     * Lists the models the pipeline's {@link #NAMES_MODELS} filters name ({@code model_catalog}
     * without models of its own): it needs one in its pipeline ({@code model_catalog_without_route};
     * see docs/behaviour/ordering-checks.md#model-listings).
     */
    LISTS_MODELS,
    /**
     * Leaves an {@link io.jpraxis.core.context.UpstreamFailover} among the candidates an earlier
     * {@link #NAMES_MODELS} filter picked from ({@code model_failover}): top level only, after one
     * and before a load balancer ({@code model_failover_placement}; see
     * docs/behaviour/ordering-checks.md#model-failover).
     */
    FAILS_OVER_MODELS,
    /**
     * Writes the {@code token.*} metadata in the response phase ({@code token_count}): a reader of it
     * must be declared before it, since response hooks run in reverse order ({@code
     * token_reader_order}; see docs/behaviour/ordering-checks.md#token-metadata-readers).
     */
    WRITES_TOKEN_USAGE,
    /** Reads the {@code token.*} metadata in the response phase ({@code token_usage_headers}). */
    READS_TOKEN_USAGE
}
