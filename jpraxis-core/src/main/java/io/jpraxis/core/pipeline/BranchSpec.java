package io.jpraxis.core.pipeline;

import io.jpraxis.config.model.SourceRef;
import java.util.List;

/**
 * One compiled branch of a filter (see docs/behaviour/branches.md#branch-chains): when it fires,
 * its sub-chain (every referenced chain concatenated, each slot with its own gates and nested
 * branches) runs on request only, then the pipeline resumes at {@code rejoin}.
 *
 * @param name unique across the config; also the key of the per-request re-entrance counter
 * @param onResult null for an unconditional branch
 * @param maxIterations how often a {@link Rejoin.ReEnter} branch may fire per request, 0 when unset
 * @param source where the branch is written
 */
public record BranchSpec(String name, ResultMatcher onResult, List<CompiledFilter> filters, Rejoin rejoin,
        int maxIterations, SourceRef source) {

    public BranchSpec {
        filters = List.copyOf(filters);
    }

    /** Whether the branch fires without looking at results. */
    public boolean unconditional() {
        return onResult == null;
    }
}
