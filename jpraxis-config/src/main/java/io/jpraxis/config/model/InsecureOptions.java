package io.jpraxis.config.model;

import java.util.Set;

/**
 * Development escape hatches (see docs/behaviour/config-loading.md#insecure-options); all false by
 * default, each logged at startup when on.
 */
public record InsecureOptions(
        boolean allowOpenSecurityFilters,
        boolean allowPrivateEndpoints,
        boolean allowPrivateHealthChecks,
        boolean allowPrivateUpstreams,
        boolean allowPublicAdmin,
        boolean allowRoot,
        boolean allowTlsNoVerify,
        boolean allowTlsWithoutSni,
        boolean allowUnboundedBody,
        boolean csrfLogOnly,
        Set<SkipCheck> skipPipelineChecks,
        boolean skipPipelineValidation) {

    public static final InsecureOptions NONE =
            new InsecureOptions(false, false, false, false, false, false, false, false, false, false, Set.of(), false);

    public InsecureOptions {
        skipPipelineChecks = Set.copyOf(skipPipelineChecks);
    }

    /** Whether an ordering check is skipped, by its own flag or by the blanket flag. */
    public boolean skips(SkipCheck check) {
        return skipPipelineValidation || skipPipelineChecks.contains(check);
    }

    /** The granular {@code skip_pipeline_checks} flags. */
    public enum SkipCheck {
        CONDITIONAL_SECURITY, CONFLICTING_CLUSTER_SELECTORS, DUPLICATE_LOAD_BALANCERS, DUPLICATE_REWRITE_FILTERS,
        DUPLICATE_ROUTERS, LB_WITHOUT_ROUTER, MISALIGNED_CLUSTERS, UNREACHABLE_FILTERS
    }
}
