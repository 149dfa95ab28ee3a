package io.jpraxis.core.pipeline.compile;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;

/**
 * Counts the filter instances one build materializes, listeners and branch expansions together (see
 * docs/behaviour/branches.md#branch-chains, docs/behaviour/limits.md#the-limits-table): named
 * references multiply, so a small config could otherwise expand into millions of filters at
 * startup. Past the limit the build stops expanding and fails.
 */
final class BuildBudget {
    /**
     * Filter instances one build may materialize (see docs/behaviour/limits.md#the-limits-table).
     */
    static final int MAX_FILTER_INSTANCES = 100_000;

    private final Diagnostics diagnostics;
    private final int limit;
    private int used;
    private boolean exhausted;

    BuildBudget(Diagnostics diagnostics, int limit) {
        this.diagnostics = diagnostics;
        this.limit = limit;
    }

    /** Takes one instance; false (reported once) when the build would exceed the limit. */
    boolean take() {
        if (used >= limit) {
            if (!exhausted) {
                exhausted = true;
                diagnostics.error(ConfigPath.root().key("filter_chains"), 0, "more than " + limit
                        + " filter instances (expected: at most " + limit + " per build; named chain references "
                        + "in branches multiply, reduce references per branch or their nesting)");
            }
            return false;
        }
        used++;
        return true;
    }

    /** Whether the build stopped expanding: entries past the limit were never built. */
    boolean exhausted() {
        return exhausted;
    }
}
