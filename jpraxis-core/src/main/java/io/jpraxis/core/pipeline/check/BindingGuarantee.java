package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.List;
import java.util.Set;

/**
 * R2 (see docs/behaviour/binding.md#binding-rules): a binding consumer (bound condition, bound load
 * balancer, nested steps that read the binding) must run only after the binding router bound a
 * cluster. On the top-level graph (see docs/behaviour/ordering-checks.md#the-control-flow-graph) a
 * consumer no request reaches is an error, and so is one some request reaches without passing the
 * router: a conditional router, a router inside a branch or a skip over the router leaves those
 * requests unbound. A branch consumer stands where its top-level host stands, except in the
 * router's own branches, which run after the freeze. Inside an IRR step everything counts as bound
 * (the IRR checks its steps itself, R9).
 */
final class BindingGuarantee implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.BINDING_GUARANTEE);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        BindingFacts binding = graph.binding();
        if (!binding.usesBinding()) {
            return;
        }
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter f = graph.node(i);
            check(graph, binding, f, null, i, describe(f) + " at " + graph.at(i), findings);
        }
        BranchSlot.forEach(graph, slot -> {
            if (slot.topHost() != binding.router()) {
                CompiledFilter host = graph.node(slot.topHost());
                check(graph, binding, slot.filter(), slot.branch(), slot.topHost(), describe(slot.filter())
                        + " in branch '" + slot.branch().name() + "' (hosted by " + describe(host) + " at "
                        + graph.at(slot.topHost()) + ")", findings);
            }
        });
    }

    private static void check(FlowGraph graph, BindingFacts binding, CompiledFilter f, BranchSpec branch, int at,
            String where, Findings findings) {
        List<String> reasons = binding.consumerReasons(f);
        if (reasons.isEmpty()) {
            return;
        }
        String needs = where + " requires a bound logical upstream (" + String.join(", ", reasons) + ")";
        if (!graph.reachable(at)) {
            findings.error(OrderingRule.BINDING_GUARANTEE, f, branch, needs + ", but no request path reaches it "
                    + "(expected: remove it, or fix the control flow in front of it)");
        } else if (binding.reachedUnbound(at)) {
            findings.error(OrderingRule.BINDING_GUARANTEE, f, branch, needs + ", but no preceding filter is "
                    + "guaranteed to bind one" + unboundWhy(graph, binding, at) + " (expected: an unconditional "
                    + "binding router earlier in the pipeline, on every path to it)");
        }
    }

    private static String unboundWhy(FlowGraph graph, BindingFacts binding, int at) {
        if (binding.publishers().isEmpty()) {
            return ": the pipeline has no top-level router";
        }
        int r = binding.router();
        if (at <= r) {
            return at == r ? ": its own router binds only after its conditions were evaluated"
                    : ": it runs before " + binding.routerName();
        }
        if (graph.node(r).conditional()) {
            return ": " + binding.routerName() + " has conditions, so requests it skips stay unbound";
        }
        return ": a jump passes over " + binding.routerName();
    }
}
