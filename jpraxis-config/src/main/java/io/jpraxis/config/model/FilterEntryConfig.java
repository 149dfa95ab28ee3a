package io.jpraxis.config.model;

import io.jpraxis.config.tree.ConfigNode;
import java.util.List;

/**
 * One filter entry. The reserved keys are parsed here; every other key stays an untyped map in
 * {@code options}, which the filter's factory reads (and rejects unknown keys of) itself.
 *
 * @param name optional entry name (null when unset), used as a rejoin target
 * @param branchChains the parsed {@code branch_chains}, empty when absent (the pipeline compiler resolves
 *     their chain references and rejoin targets)
 * @param outboundChain the parsed {@code outbound_chain} (feature {@code chain-binding}; see
 *     docs/behaviour/outbound-chains.md#outbound-chains), null when absent; resolved once at build for filters
 *     that send callouts
 */
public record FilterEntryConfig(
        String filterType,
        String name,
        List<ConditionConfig> conditions,
        List<ResponseConditionConfig> responseConditions,
        FailureMode failureMode,
        List<BranchChainConfig> branchChains,
        ConfigNode.MapNode options,
        SourceRef source,
        ChainRef outboundChain) {

    /** Keys of a filter entry that are not the filter's own config. */
    public static final List<String> RESERVED_KEYS =
            List.of("filter", "name", "conditions", "response_conditions", "failure_mode", "branch_chains",
                    "outbound_chain");

    public FilterEntryConfig {
        conditions = List.copyOf(conditions);
        responseConditions = List.copyOf(responseConditions);
        branchChains = branchChains == null ? List.of() : List.copyOf(branchChains);
    }

    /** An entry without an {@code outbound_chain}. */
    public FilterEntryConfig(String filterType, String name, List<ConditionConfig> conditions,
            List<ResponseConditionConfig> responseConditions, FailureMode failureMode,
            List<BranchChainConfig> branchChains, ConfigNode.MapNode options, SourceRef source) {
        this(filterType, name, conditions, responseConditions, failureMode, branchChains, options, source, null);
    }

    /** What a filter error does: abort the request (500) or log and continue. */
    public enum FailureMode { CLOSED, OPEN }
}
