package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.UpstreamMatcher;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.NestedStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * R8 (see docs/behaviour/binding.md#bound-conditions, docs/behaviour/binding.md#binding-rules): a
 * {@code when: bound_upstream} matcher, at the top level or in a branch, must match the catalog
 * tags of some cluster the binding router can bind, else its filter silently never runs. An {@code
 * unless} nothing satisfies only leaves its filter running, so it is not checked. Matchers inside
 * the binding-reading steps of a top-level IRR are held to the clusters this pipeline can bind too
 * (R9: the step inherits its binding). Without a binding router nothing is bindable and R2 already
 * refuses every consumer.
 */
final class SatisfiableMatchers implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.SATISFIABLE_BOUND_MATCHERS);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        BindingFacts binding = graph.binding();
        if (binding.router() < 0) {
            return;
        }
        for (int i = 0; i < graph.size(); i++) {
            check(binding, graph.node(i), null, describe(graph.node(i)) + " at " + graph.at(i), findings);
        }
        BranchSlot.forEach(graph, slot -> check(binding, slot.filter(), slot.branch(), describe(slot.filter())
                + " in branch '" + slot.branch().name() + "' of listener '" + graph.listener() + "'", findings));
        for (int i = 0; i < graph.size(); i++) {
            steps(binding, graph.node(i), findings);
        }
    }

    /**
     * Matchers in the binding-reading steps of an IRR at the top level: the step runs under this
     * pipeline's binding, so only this pipeline knows what it can be (see
     * docs/behaviour/binding.md#bound-conditions). Reported on the step's filter, whose path lies
     * inside the IRR's entry.
     */
    private static void steps(BindingFacts binding, CompiledFilter irr, Findings findings) {
        for (NestedStep step : irr.declaration().nested().bindingSteps()) {
            for (CompiledFilter f : step.pipeline().allSlots()) {
                check(binding, f, null, describe(f) + " in step '" + step.name() + "' of " + describe(irr), findings);
            }
        }
    }

    private static void check(BindingFacts binding, CompiledFilter f, BranchSpec branch, String where,
            Findings findings) {
        for (ConditionConfig c : binding.boundConditions(f)) {
            UpstreamMatcher m = c.predicate().boundUpstream();
            if (c.kind() == ConditionConfig.Kind.WHEN && !satisfiable(binding, m)) {
                findings.error(OrderingRule.SATISFIABLE_BOUND_MATCHERS, f, branch, where + " has a bound_upstream "
                        + "condition (" + render(m) + ") that matches no bindable cluster's application metadata, so it "
                        + "would never run (expected: a matcher one of the clusters " + binding.routerName()
                        + " can bind satisfies: " + bindable(binding) + ")");
            }
        }
    }

    private static boolean satisfiable(BindingFacts binding, UpstreamMatcher m) {
        for (String cluster : binding.bindable()) {
            if (binding.tags(cluster).satisfies(m)) {
                return true;
            }
        }
        return false;
    }

    static String render(UpstreamMatcher m) {
        List<String> parts = new ArrayList<>();
        if (m.applicationProtocol() != null) {
            parts.add("application_protocol: " + m.applicationProtocol());
        }
        if (m.applicationProvider() != null) {
            parts.add("application_provider: " + m.applicationProvider());
        }
        return String.join(", ", parts);
    }

    private static String bindable(BindingFacts binding) {
        List<String> out = new ArrayList<>();
        for (String cluster : binding.bindable()) {
            out.add(cluster + " (" + binding.tags(cluster) + ")");
        }
        return out.isEmpty() ? "(none)" : String.join(", ", out);
    }
}
