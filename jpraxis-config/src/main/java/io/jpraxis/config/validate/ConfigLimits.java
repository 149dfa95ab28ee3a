package io.jpraxis.config.validate;

/** Numeric limits checked at load (see docs/behaviour/limits.md#the-limits-table). */
public final class ConfigLimits {
    /** Most filter chains in one config. */
    public static final int MAX_CHAINS = 1_000;
    /** Most filters in one chain (inline branch chains get the same cap). */
    public static final int MAX_FILTERS_PER_CHAIN = 100;
    /**
     * Most {@code branch_chains} on one filter entry (see
     * docs/behaviour/branches.md#branch-chains).
     */
    public static final int MAX_BRANCHES_PER_FILTER = 16;
    /** Most branches and inline branch chains in one config, counted by distinct name as Praxis does. */
    public static final int MAX_BRANCHES_TOTAL = 256;
    /** Deepest nesting of branch sub-chains (inline here; named references at compile time). */
    public static final int MAX_BRANCH_DEPTH = 10;
    /** Largest {@code max_iterations} of a branch. */
    public static final int MAX_BRANCH_ITERATIONS = 100;
    /**
     * Longest {@code on_result.key}, as long as a result key may be (see
     * docs/behaviour/branches.md#filter-results).
     */
    public static final int MAX_RESULT_KEY_BYTES = 64;
    /**
     * Longest {@code on_result.result} value, as long as a result value may be (see
     * docs/behaviour/branches.md#filter-results).
     */
    public static final int MAX_RESULT_VALUE_BYTES = 256;
    /** Largest millisecond timeout accepted (about 24.8 days; Praxis allows more, nobody needs it). */
    public static final long MAX_TIMEOUT_MS = Integer.MAX_VALUE;
    /** Largest cluster timeout accepted: one hour, the ceiling Praxis puts on each cluster timeout. */
    public static final long MAX_CLUSTER_TIMEOUT_MS = 3_600_000;
    /** Most clusters in one list and most endpoints in one cluster, as Praxis caps both. */
    public static final int MAX_CLUSTERS = 10_000;
    public static final int MAX_ENDPOINTS = 10_000;
    /** Largest connection count accepted. */
    public static final long MAX_CONNECTIONS = Integer.MAX_VALUE;
    /** Largest downstream connection cap (a listener's or the runtime's): Praxis's bound. */
    public static final long MAX_DOWNSTREAM_CONNECTIONS = 1_000_000;
    /** Largest listener read or keep-alive timeout: one hour, Praxis's bound. */
    public static final long MAX_DOWNSTREAM_TIMEOUT_MS = 3_600_000;
    /** Largest endpoint weight accepted. */
    public static final long MAX_WEIGHT = Integer.MAX_VALUE;
    /** Most event-loop threads accepted in {@code runtime.threads}: Praxis's bound. */
    public static final long MAX_THREADS = 1_024;

    private ConfigLimits() {
    }
}
