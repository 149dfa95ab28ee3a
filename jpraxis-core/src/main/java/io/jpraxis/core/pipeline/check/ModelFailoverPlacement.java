package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.ClusterSelectionChecks.has;
import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.Set;

/**
 * {@code model_failover_placement} (see docs/behaviour/ordering-checks.md#model-failover): a
 * {@code model_failover} ({@link FilterTrait#FAILS_OVER_MODELS}) fails over among the candidates
 * an {@code intelligent_route} picked from, and the load balancer that picked the endpoint picks
 * in the next entry's cluster, so it stands at the top level with an intelligent_route before it
 * and a load balancer after it. The edge alone fails a request over, so one in a branch would be
 * a silent no-op and is refused (one in an {@code iterative_request_router} step already is: it
 * reads the body, which no nested pipeline may).
 */
final class ModelFailoverPlacement implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.MODEL_FAILOVER_PLACEMENT);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter f = graph.node(i);
            if (has(f, FilterTrait.FAILS_OVER_MODELS)) {
                placement(graph, i, f, findings);
            }
        }
        BranchSlot.forEach(graph, slot -> {
            if (has(slot.filter(), FilterTrait.FAILS_OVER_MODELS)) {
                findings.error(OrderingRule.MODEL_FAILOVER_PLACEMENT, slot.filter(), slot.branch(),
                        describe(slot.filter()) + " in branch '" + slot.branch().name() + "' of listener '"
                                + graph.listener() + "' is not implemented (expected: model_failover at the top level)");
            }
        });
    }

    private static void placement(FlowGraph graph, int at, CompiledFilter f, Findings findings) {
        boolean routeBefore = false;
        for (int j = 0; j < at; j++) {
            routeBefore |= has(graph.node(j), FilterTrait.NAMES_MODELS);
        }
        boolean balancerAfter = false;
        for (int j = at + 1; j < graph.size(); j++) {
            balancerAfter |= has(graph.node(j), FilterTrait.SELECTS_ENDPOINT);
        }
        if (!routeBefore) {
            findings.error(OrderingRule.MODEL_FAILOVER_PLACEMENT, f, null, describe(f) + " at " + graph.at(at)
                    + " fails over among the candidates an intelligent_route picked from, but none stands before it"
                    + " (expected: an intelligent_route earlier in the pipeline)");
        }
        if (!balancerAfter) {
            findings.error(OrderingRule.MODEL_FAILOVER_PLACEMENT, f, null, describe(f) + " at " + graph.at(at)
                    + " needs the load_balancer after it to pick an endpoint in each entry's cluster, but none"
                    + " stands after it (expected: a load_balancer later in the pipeline)");
        }
    }
}
