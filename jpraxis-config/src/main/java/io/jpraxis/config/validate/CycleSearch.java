package io.jpraxis.config.validate;

import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.model.ListenerConfig;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds cycles of named branch-chain and {@code outbound_chain} references (see docs/behaviour/branches.md#branch-chains,
 * docs/behaviour/outbound-chains.md#outbound-chains) among the chains the listeners expand: expanding such a chain would
 * never end. Chains no listener reaches are never expanded, so (as in Praxis) a cycle among them is not an error. Each
 * cycle is reported once, at the reference that closes it.
 */
final class CycleSearch {
    private final Map<String, List<BranchChecks.Reference>> references;
    /** Where cycles are reported; a build's search continues into its own sink. */
    private Diagnostics d;
    private final Set<String> done = new HashSet<>();
    private final List<String> expanding = new ArrayList<>();

    CycleSearch(Map<String, List<BranchChecks.Reference>> references, Diagnostics d) {
        this.references = references;
        this.d = d;
    }

    void from(List<ListenerConfig> listeners) {
        for (ListenerConfig listener : listeners) {
            for (String chain : listener.filterChains()) {
                visit(chain);
            }
        }
    }

    /**
     * Continues the search from {@code chain}, named by an entry only a build reads, reporting to
     * {@code out}; chains already searched (their cycles reported) are not searched again.
     */
    void visitTarget(String chain, Diagnostics out) {
        d = out;
        visit(chain);
    }

    private void visit(String chain) {
        if (done.contains(chain) || !references.containsKey(chain)) {
            return;
        }
        expanding.add(chain);
        for (BranchChecks.Reference r : references.get(chain)) {
            String target = r.ref().chain();
            int start = expanding.indexOf(target);
            if (start >= 0) {
                List<String> cycle = new ArrayList<>(expanding.subList(start, expanding.size()));
                cycle.add(target);
                d.scoped(r.scope()).error(r.ref().source().path(), r.ref().source().line(),
                        "chain reference cycle detected: " + String.join(" -> ", cycle)
                                + " (expected: branch and outbound_chain references that never lead back to a chain being "
                                + "expanded)");
            } else {
                visit(target);
            }
        }
        expanding.removeLast();
        done.add(chain);
    }
}
