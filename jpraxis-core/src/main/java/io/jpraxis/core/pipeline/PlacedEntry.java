package io.jpraxis.core.pipeline;

import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import java.util.List;

/**
 * A filter entry placed at one level of a pipeline (the flattened listener pipeline, or a
 * branch's sub-chain), with what it inherits from where it was expanded.
 *
 * @param inherited the conditions of the named chain it was expanded from (see
 * docs/behaviour/config-loading.md#named-chains), evaluated first
 * @param chain the chain it came from: a top-level chain's name or an inline chain's
 * @param scope where it is written, for diagnostics: its chain and, inside a branch, the branch
 * @param expansion the named chains being expanded around it (a branch of a listener's own chain
 *     starts empty, as in Praxis); a reference to one of them would never end
 */
public record PlacedEntry(FilterEntryConfig entry, List<ConditionConfig> inherited, String chain, FilterScope scope,
        List<String> expansion) {

    public PlacedEntry {
        inherited = List.copyOf(inherited);
        expansion = List.copyOf(expansion);
    }

    public FilterScope filterScope() {
        return scope.withFilter(entry.filterType(), entry.name());
    }
}
