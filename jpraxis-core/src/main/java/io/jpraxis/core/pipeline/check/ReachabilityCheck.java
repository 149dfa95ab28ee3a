package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.Rejoin;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code unreachable_filters}: top-level filters no request path reaches (see
 * docs/behaviour/ordering-checks.md#the-control-flow-graph,
 * docs/behaviour/ordering-checks.md#the-ordering-checks). They stand after a filter that never
 * falls through and no jump lands on them. Each such filter is reported once, with the run of
 * filters it cuts off: an error after an unconditional answer (static_response, redirect), a
 * warning after an unconditional branch that ends the pipeline or skips forward (Praxis does not
 * refuse those).
 */
final class ReachabilityCheck implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.UNREACHABLE_FILTERS);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        for (int i = 0; i < graph.size(); i++) {
            if (!graph.reachable(i) || graph.cut(i).isEmpty()) {
                continue;
            }
            List<String> cutOff = new ArrayList<>();
            for (int k = i + 1; k < graph.size() && !graph.reachable(k); k++) {
                cutOff.add(describe(graph.node(k)) + " (position " + k + ")");
            }
            if (cutOff.isEmpty()) {
                continue;
            }
            CompiledFilter f = graph.node(i);
            String message = describe(f) + " at " + graph.at(i) + " " + reason(graph.cut(i).get())
                    + ", so no request reaches " + String.join(", ", cutOff);
            switch (graph.cut(i).get()) {
                case FallThroughCut.Answers a -> findings.error(OrderingRule.UNREACHABLE_FILTERS, f, null, message
                        + " (expected: the answering filter last, or conditions on it)");
                // Praxis accepts these; they only warn, so a config it loads loads here too.
                case FallThroughCut.LeavingBranch b -> findings.warn(OrderingRule.UNREACHABLE_FILTERS, f, null,
                        message + " (expected: on_result on the branch or conditions on its host, or those filters "
                        + "removed)");
            }
        }
    }

    private static String reason(FallThroughCut cut) {
        return switch (cut) {
            case FallThroughCut.Answers a -> "answers every request";
            case FallThroughCut.LeavingBranch b -> "has branch '" + b.branch().name() + "', which always fires and "
                    + switch (b.branch().rejoin()) {
                        case Rejoin.SkipTo s -> "skips to position " + s.target();
                        case Rejoin.Terminal t -> "ends the pipeline (rejoin: terminal)";
                        case Rejoin.Next n -> throw new IllegalStateException("a next branch does not cut");
                        case Rejoin.ReEnter r -> throw new IllegalStateException("a re-entrance does not cut");
                    };
        };
    }
}
