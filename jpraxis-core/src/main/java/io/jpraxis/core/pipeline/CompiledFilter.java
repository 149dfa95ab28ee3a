package io.jpraxis.core.pipeline;

import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.core.condition.RequestCondition;
import io.jpraxis.core.condition.ResponseCondition;
import io.jpraxis.core.filter.HttpFilter;

/**
 * One flattened pipeline slot: the built filter with its compiled gates.
 *
 * @param chain the chain the entry came from (for logs and diagnostics)
 * @param conditional whether any request condition gates it (chain conditions included)
 */
public record CompiledFilter(
        int index,
        HttpFilter filter,
        RequestCondition condition,
        boolean conditional,
        ResponseCondition responseCondition,
        FailureMode failureMode,
        String chain,
        FilterEntryConfig entry) {
}
