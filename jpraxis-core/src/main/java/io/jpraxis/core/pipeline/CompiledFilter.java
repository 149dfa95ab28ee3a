package io.jpraxis.core.pipeline;

import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.core.condition.RequestCondition;
import io.jpraxis.core.condition.ResponseCondition;
import io.jpraxis.core.filter.HttpFilter;
import java.util.List;

/**
 * One pipeline slot: the built filter and what its factory declared about it, with its compiled
 * gates and branches.
 *
 * @param index for a top-level filter, its position in the flattened pipeline; for a filter inside
 *     a branch sub-chain, a slot number at or after the pipeline's length, unique in the pipeline
 *     (it pairs the filter's response hook with its request hook)
 * @param filter the runtime filter; in a build that only checks, a stand-in that never serves
 * @param declaration what the build knows about the filter (body access, traits, clusters...)
 * @param conditional whether any request condition gates it (chain conditions included)
 * @param chain the chain the entry came from (for logs and diagnostics)
 * @param branches the entry's {@code branch_chains}, compiled; empty for most filters
 */
public record CompiledFilter(
        int index,
        HttpFilter filter,
        FilterDeclaration declaration,
        RequestCondition condition,
        boolean conditional,
        ResponseCondition responseCondition,
        FailureMode failureMode,
        String chain,
        FilterEntryConfig entry,
        List<BranchSpec> branches) {

    public CompiledFilter {
        branches = List.copyOf(branches);
    }

    /** A slot without branches. */
    public CompiledFilter(int index, HttpFilter filter, FilterDeclaration declaration, RequestCondition condition,
            boolean conditional, ResponseCondition responseCondition, FailureMode failureMode, String chain,
            FilterEntryConfig entry) {
        this(index, filter, declaration, condition, conditional, responseCondition, failureMode, chain, entry,
                List.of());
    }

    public boolean hasBranches() {
        return !branches.isEmpty();
    }
}
