package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.ClusterSelectionChecks.has;
import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code misaligned_clusters} (see docs/behaviour/ordering-checks.md#the-ordering-checks): every
 * cluster a selector may choose must be declared by a load balancer guaranteed to see that choice:
 * one at the selector's level, or inside an unconditional branch of an unconditional host there; a
 * branch also sees what its enclosing levels guarantee. A conditional branch's load balancer does
 * not count: requests that skip it would fail. A pipeline with no load balancer anywhere is left
 * alone (lb_without_router and the router warnings speak for it). A declared cluster no selector
 * chooses is only a warning.
 */
final class ClusterAlignmentCheck implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.MISALIGNED_CLUSTERS);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        Set<String> served = new LinkedHashSet<>();
        Set<String> selected = new LinkedHashSet<>();
        collect(graph.nodes(), served, selected);
        if (served.isEmpty()) {
            return;
        }
        Set<String> top = guaranteed(graph.nodes());
        int bindingRouter = graph.binding().router();
        for (int i = 0; i < graph.size(); i++) {
            // The binding router's clusters count as defined: binding_coverage (R6; see
            // docs/behaviour/binding.md#binding-rules) judges each of them on its own paths, where bound
            // load balancers in branches serve them.
            if (i != bindingRouter) {
                demands(graph.node(i), null, "at " + graph.at(i), top, findings);
            }
        }
        branches(graph, graph.nodes(), top, findings);
        if (!selected.isEmpty()) {
            unused(graph, graph.nodes(), null, selected, findings);
        }
    }

    private static void branches(FlowGraph graph, List<CompiledFilter> level, Set<String> inherited,
            Findings findings) {
        for (CompiledFilter host : level) {
            for (BranchSpec b : host.branches()) {
                Set<String> available = new LinkedHashSet<>(inherited);
                available.addAll(guaranteed(b.filters()));
                String where = "in branch '" + b.name() + "' of listener '" + graph.listener() + "'";
                for (CompiledFilter f : b.filters()) {
                    demands(f, b, where, available, findings);
                }
                branches(graph, b.filters(), available, findings);
            }
        }
    }

    private static void demands(CompiledFilter f, BranchSpec branch, String where, Set<String> available,
            Findings findings) {
        if (!has(f, FilterTrait.SELECTS_CLUSTER)) {
            return;
        }
        for (String cluster : f.declaration().clusters().selectable()) {
            if (!available.contains(cluster)) {
                findings.error(OrderingRule.MISALIGNED_CLUSTERS, f, branch, describe(f) + " " + where
                        + " references cluster '" + cluster + "' which is not defined in the load_balancer "
                        + "configuration guaranteed to run for it, so requests sent there would fail (expected: one "
                        + "of " + (available.isEmpty() ? "(none)" : String.join(", ", available)) + ", or '" + cluster
                        + "' declared in that load_balancer)");
            }
        }
    }

    /** Clusters the load balancers of {@code level} serve for every request that passes the level. */
    private static Set<String> guaranteed(List<CompiledFilter> level) {
        Set<String> out = new LinkedHashSet<>();
        for (CompiledFilter f : level) {
            if (has(f, FilterTrait.SELECTS_ENDPOINT)) {
                out.addAll(f.declaration().clusters().served());
            }
            if (f.conditional()) {
                continue;
            }
            for (BranchSpec b : f.branches()) {
                if (b.unconditional()) {
                    out.addAll(guaranteed(b.filters()));
                }
            }
        }
        return out;
    }

    private static void collect(List<CompiledFilter> level, Set<String> served, Set<String> selected) {
        for (CompiledFilter f : level) {
            if (has(f, FilterTrait.SELECTS_ENDPOINT)) {
                served.addAll(f.declaration().clusters().served());
            }
            if (has(f, FilterTrait.SELECTS_CLUSTER)) {
                selected.addAll(f.declaration().clusters().selectable());
            }
            for (BranchSpec b : f.branches()) {
                collect(b.filters(), served, selected);
            }
        }
    }

    private static void unused(FlowGraph graph, List<CompiledFilter> level, BranchSpec branch, Set<String> selected,
            Findings findings) {
        for (CompiledFilter f : level) {
            if (has(f, FilterTrait.SELECTS_ENDPOINT)) {
                for (String cluster : f.declaration().clusters().served()) {
                    if (!selected.contains(cluster)) {
                        findings.warn(OrderingRule.MISALIGNED_CLUSTERS, f, branch, describe(f) + " of listener '"
                                + graph.listener() + "' declares cluster '" + cluster + "', which no cluster-selecting "
                                + "filter of the pipeline chooses");
                    }
                }
            }
            for (BranchSpec b : f.branches()) {
                unused(graph, b.filters(), b, selected, findings);
            }
        }
    }
}
