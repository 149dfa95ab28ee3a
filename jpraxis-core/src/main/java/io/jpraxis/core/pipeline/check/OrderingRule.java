package io.jpraxis.core.pipeline.check;

import io.jpraxis.config.model.InsecureOptions.SkipCheck;

/**
 * Every ordering rule jpraxis checks on a listener's pipeline (see
 * docs/behaviour/ordering-checks.md#the-ordering-checks), in the table's order, with the {@code
 * insecure_options.skip_pipeline_checks} flag that skips it where the table gives one. Checks
 * without a flag always run; {@code skip_pipeline_validation} skips the flagged ones and turns the
 * errors of the rest into warnings.
 *
 * <p>The binding rules (R1 to R8; see docs/behaviour/binding.md#binding-rules) have no flag. R5 (bound-upstream body participants) finds something only
 * with feature {@code bound-upstream-request-body}, R9 runs inside the construction of an {@code iterative_request_router} (its step pipelines) and
 * cannot be demoted (see docs/behaviour/iterative-router.md#step-checks), nor can its part that needs the parent's bindable clusters ({@code
 * irr_step_coverage}). So do the selected-upstream body checks with that phase, and the pre-read rule for {@code selected_upstream} conditions (see
 * docs/behaviour/ordering-checks.md#the-control-flow-graph) with StreamBuffer bodies.
 */
public enum OrderingRule {
    LB_WITHOUT_ROUTER("lb_without_router", SkipCheck.LB_WITHOUT_ROUTER, false,
            "every load_balancer has a router or other cluster selector before it"),
    UNREACHABLE_FILTERS("unreachable_filters", SkipCheck.UNREACHABLE_FILTERS, false,
            "every top-level filter is reachable (nothing after an unconditional answer or leaving branch)"),
    CONDITIONAL_SECURITY("conditional_security", SkipCheck.CONDITIONAL_SECURITY, false,
            "no security filter has request conditions (branches included)"),
    OPEN_SECURITY_FILTERS("open_security_filters", null, false,
            "no security filter has failure_mode: open (a warning with allow_open_security_filters)"),
    DUPLICATE_ROUTERS("duplicate_routers", SkipCheck.DUPLICATE_ROUTERS, false,
            "at most one top-level router"),
    DUPLICATE_LOAD_BALANCERS("duplicate_load_balancers", SkipCheck.DUPLICATE_LOAD_BALANCERS, false,
            "at most one top-level load_balancer"),
    CONFLICTING_CLUSTER_SELECTORS("conflicting_cluster_selectors", SkipCheck.CONFLICTING_CLUSTER_SELECTORS, false,
            "one kind of cluster selector before each load_balancer"),
    MISALIGNED_CLUSTERS("misaligned_clusters", SkipCheck.MISALIGNED_CLUSTERS, false,
            "every selectable cluster is declared by a load_balancer guaranteed to see it"),
    DUPLICATE_REWRITE_FILTERS("duplicate_rewrite_filters", SkipCheck.DUPLICATE_REWRITE_FILTERS, false,
            "at most one top-level target rewrite, or allow_rewrite_override: true on each later one"),
    CONDITION_HEADER_NAMES("condition_header_names", null, false,
            "condition header names are valid header names"),
    TRACE_CONTEXT_UPSTREAM_CONDITIONS("trace_context_upstream_conditions", null, false,
            "no top-level pre-routing filter (trace_context) is gated on bound or selected upstream"),
    SKIP_TO_OVER_SECURITY("skip_to_over_security", null, false,
            "no branch skips forward past a security filter"),
    TERMINAL_BEFORE_SECURITY("terminal_before_security", null, false,
            "no terminal branch that forwards upstream stands before a security filter"),
    BRANCH_BODY_ACCESS("branch_body_access", null, false,
            "no filter inside a branch declares body access"),
    SELECTED_UPSTREAM_ORDERING("selected_upstream_ordering", null, false,
            "a load_balancer runs on every path before a selected_upstream condition"),
    CLUSTER_READER_WITHOUT_ROUTER("cluster_reader_without_router", null, false,
            "every sticky_sessions and circuit_breaker has a router or other cluster selector before it on every path"),
    SUBJECT_WITHOUT_AUTHENTICATION("subject_without_authentication", null, false,
            "every rate_limit or token_rate_limit keyed on authenticated_subject has jwt_auth, basic_auth or "
                    + "api_key_auth before it on every path"),
    BINDING_METADATA_AGREEMENT("binding_metadata_agreement", null, false,
            "every declaration of a cluster carries the same application metadata (pipelines that bind)"),
    BINDING_GUARANTEE("binding_guarantee", null, false,
            "every binding consumer runs only after the binding router bound a cluster"),
    SINGLE_BINDING_PUBLISHER("single_binding_publisher", null, false,
            "one top-level binding router, none in a branch, no re-entrance that runs it again"),
    BOUND_CONDITION_PRE_READ("bound_condition_pre_read", null, false,
            "no bound_upstream condition on a filter whose body hook runs at pre-read, before binding"),
    BOUND_BODY_PARTICIPANTS("bound_body_participants", null, false,
            "bound-upstream body participants: top level, bounded StreamBuffer, no selected_upstream condition"),
    BINDING_COVERAGE("binding_coverage", null, false,
            "every bindable cluster reaches a load_balancer serving it, or an answer, on every path"),
    IRR_COEXISTENCE("irr_coexistence", null, false,
            "beside an iterative_request_router: no top-level load_balancer, a bound consumer after the router"),
    IRR_STEP_COVERAGE("irr_step_coverage", null, false, false,
            "every iterative_request_router step that reads the binding serves every cluster that can reach it"),
    SATISFIABLE_BOUND_MATCHERS("satisfiable_bound_matchers", null, false,
            "every when: bound_upstream matcher matches some cluster the router can bind"),
    MODEL_CATALOG_WITHOUT_ROUTE("model_catalog_without_route", null, false,
            "every model_catalog without models of its own shares its pipeline with an intelligent_route"),
    MODEL_FAILOVER_PLACEMENT("model_failover_placement", null, false,
            "every model_failover is at the top level, after an intelligent_route and before a load_balancer"),
    ROUTER_WITHOUT_LB("router_without_lb", null, true,
            "a router has a load_balancer to serve its clusters"),
    ALL_ROUTERS_CONDITIONAL("all_routers_conditional", null, true,
            "some router runs for every request"),
    SECURITY_ONLY_IN_CONDITIONAL_BRANCH("security_only_in_conditional_branch", null, true,
            "no security filter is reached only through a conditional branch or host"),
    GRPC_UPSTREAM_HTTP2("grpc_upstream_http2", null, true,
            "a grpc_web pipeline's load balancers serve some cluster that speaks HTTP/2 upstream"),
    TOKEN_READER_ORDER("token_reader_order", null, true,
            "every reader of the token.* metadata (token_usage_headers) is declared before token_count");

    private final String yamlName;
    private final SkipCheck skipFlag;
    private final boolean warningOnly;
    private final String rule;
    private final boolean demotable;

    OrderingRule(String yamlName, SkipCheck skipFlag, boolean warningOnly, String rule) {
        this(yamlName, skipFlag, warningOnly, true, rule);
    }

    OrderingRule(String yamlName, SkipCheck skipFlag, boolean warningOnly, boolean demotable, String rule) {
        this.yamlName = yamlName;
        this.skipFlag = skipFlag;
        this.warningOnly = warningOnly;
        this.demotable = demotable;
        this.rule = rule;
    }

    /**
     * Whether {@code skip_pipeline_validation} turns its errors into warnings; the IRR step rules
     * stay errors (see docs/behaviour/iterative-router.md#step-checks).
     */
    public boolean demotable() {
        return demotable;
    }

    /** The check's name as {@code explain} prints it (the skip flag's name where it has one). */
    public String yamlName() {
        return yamlName;
    }

    /** The {@code skip_pipeline_checks} flag that skips it, or null when none does. */
    public SkipCheck skipFlag() {
        return skipFlag;
    }

    /**
     * Whether it only ever warns ("Warnings only"; see
     * docs/behaviour/ordering-checks.md#the-ordering-checks).
     */
    public boolean warningOnly() {
        return warningOnly;
    }

    /** What holds when the check passes. */
    public String rule() {
        return rule;
    }
}
