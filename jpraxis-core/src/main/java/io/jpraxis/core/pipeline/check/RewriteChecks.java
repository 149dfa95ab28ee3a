package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.ClusterSelectionChecks.has;
import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.Set;

/**
 * Target rewrites at the top level (see docs/behaviour/ordering-checks.md#the-ordering-checks):
 * rewrites do not compose, each works on the client's own target and the last one to run wins,
 * so a second rewrite silently undoes the first. Each later rewrite is an error unless it says
 * {@code allow_rewrite_override: true}, which makes it a warning. Conditions are not considered:
 * mutually exclusive ones still need the flag, as in Praxis. Rewrites inside branches are not
 * counted.
 */
final class RewriteChecks implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.DUPLICATE_REWRITE_FILTERS);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        int first = -1;
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter f = graph.node(i);
            if (!has(f, FilterTrait.REWRITES_TARGET)) {
                continue;
            }
            if (first < 0) {
                first = i;
                continue;
            }
            String earlier = describe(graph.node(first)) + " at position " + first;
            if (has(f, FilterTrait.OVERRIDES_REWRITE)) {
                findings.warn(OrderingRule.DUPLICATE_REWRITE_FILTERS, f, null, describe(f) + " at " + graph.at(i)
                        + " will override the rewrite of " + earlier + " when both run (allow_rewrite_override: "
                        + "true); filter order decides which target a later path rule sees");
            } else {
                findings.error(OrderingRule.DUPLICATE_REWRITE_FILTERS, f, null, describe(f) + " at " + graph.at(i)
                        + " follows " + earlier + ": multiple path rewriting filters do not compose, only the last "
                        + "one's rewrite takes effect (expected: one rewrite filter; set allow_rewrite_override: "
                        + "true on the later filter to accept the override)");
            }
        }
    }
}
