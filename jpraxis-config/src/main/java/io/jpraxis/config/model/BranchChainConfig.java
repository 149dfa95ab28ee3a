package io.jpraxis.config.model;

import java.util.List;

/**
 * One item of a filter entry's {@code branch_chains} (see
 * docs/behaviour/branches.md#branch-chains): when the host filter's result matches {@code onResult}
 * (always, when null), run the concatenated {@code chains}, then resume where {@code rejoin} says.
 *
 * @param name unique across the whole config (also against chain and inline-chain names)
 * @param onResult null for an unconditional branch
 * @param maxIterations the re-entrance budget (1..100), null when unset; required for a backward rejoin
 */
public record BranchChainConfig(String name, List<ChainRef> chains, OnResultConfig onResult, RejoinConfig rejoin,
        Integer maxIterations, SourceRef source) {

    public BranchChainConfig {
        chains = List.copyOf(chains);
    }
}
