package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.NestedStep;
import java.util.Set;

/**
 * R9's part that needs the parent (see docs/behaviour/binding.md#binding-rules,
 * docs/behaviour/iterative-router.md#step-checks): every step of an {@code
 * iterative_request_router} that reads the binding can run for any cluster bound when the request
 * reaches the router, so each such step must serve every bindable cluster that can reach it: a
 * bound load balancer declaring it, or a filter that answers. Which clusters reach the IRR comes
 * from the coverage scan; a step's filters have no branches (the IRR refuses them), so a step is
 * one straight path. Its gates are decided per cluster as coverage decides them. Never demoted by
 * {@code skip_pipeline_validation}.
 */
final class IrrStepCoverage implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.IRR_STEP_COVERAGE);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        BindingFacts binding = graph.binding();
        if (binding.router() < 0) {
            return;
        }
        for (String cluster : binding.bindable()) {
            ClusterTags tags = binding.tags(cluster);
            for (CompiledFilter irr : binding.iterativeRoutersReachedBy(cluster)) {
                for (NestedStep step : irr.declaration().nested().bindingSteps()) {
                    String why = unserved(step, cluster, tags);
                    if (why != null) {
                        findings.error(OrderingRule.IRR_STEP_COVERAGE, irr, null, "cluster '" + cluster + "' can be "
                                + "bound by " + binding.routerName() + " and reach " + describe(irr) + " of listener '"
                                + graph.listener() + "', but its step '" + step.name() + "', which reads the binding, "
                                + why + " (expected: every step that reads the binding serves every cluster that can "
                                + "reach it, with a load_balancer of cluster_source: bound_upstream declaring '"
                                + cluster + "' or a filter that answers)");
                    }
                }
            }
        }
    }

    /** Why requests bound to {@code cluster} fail in {@code step}, or null when it serves them. */
    private static String unserved(NestedStep step, String cluster, ClusterTags tags) {
        for (CompiledFilter f : step.pipeline().filters()) {
            ClusterGate gate = ClusterGate.of(f.entry().conditions(), tags);
            if (gate == ClusterGate.NEVER) {
                continue;
            }
            Set<FilterTrait> traits = f.declaration().traits();
            if (traits.contains(FilterTrait.SELECTS_ENDPOINT)) {
                boolean bound = BindingFacts.boundLoadBalancer(f);
                if (bound && f.declaration().clusters().served().contains(cluster)) {
                    if (gate == ClusterGate.RUNS) {
                        return null;
                    }
                    continue;
                }
                return (gate == ClusterGate.RUNS ? "reaches " : "may reach ") + describe(f) + ", which "
                        + (bound ? "does not declare it" : "does not read the binding (only a bound load_balancer "
                        + "serves inside a step)");
            }
            if (traits.contains(FilterTrait.ALWAYS_ANSWERS) && gate == ClusterGate.RUNS) {
                return null;
            }
        }
        return "ends with no load_balancer having served it";
    }
}
