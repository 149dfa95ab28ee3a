package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.NestedStep;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * R1 (see docs/behaviour/binding.md#the-cluster-catalog, docs/behaviour/binding.md#binding-rules),
 * only in a pipeline that binds: every load balancer declaring a cluster (top level, branches, and
 * an IRR's steps, which it folds into its own declarations) must give it the same application
 * metadata, since the binding carries one protocol and provider per cluster. Pipelines that do not
 * bind may keep disagreeing declarations on independent paths.
 */
final class MetadataAgreement implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.BINDING_METADATA_AGREEMENT);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        if (!graph.binding().usesBinding()) {
            return;
        }
        Map<String, Declaration> first = new LinkedHashMap<>();
        // The catalog's order (each filter, then its branches depth first), so "first" is the one that wins.
        for (int i = 0; i < graph.size(); i++) {
            declare(graph, graph.node(i), null, "at " + graph.at(i), first, findings);
            branches(graph, graph.node(i), first, findings);
            steps(graph, graph.node(i), first, findings);
        }
    }

    /**
     * Each declaration inside a filter's nested steps: the filter folds them into its own (first
     * wins, for the catalog), so two steps that disagree are only seen here.
     */
    private static void steps(FlowGraph graph, CompiledFilter host, Map<String, Declaration> first,
            Findings findings) {
        for (NestedStep step : host.declaration().nested().pipelines()) {
            if (step.kind() == NestedStep.Kind.OUTBOUND_CHAIN) {
                continue; // its own catalog, checked when it was built (see docs/behaviour/outbound-chains.md#outbound-chains)
            }
            for (CompiledFilter f : step.pipeline().allSlots()) {
                declare(graph, f, null, "in step '" + step.name() + "' of " + describe(host) + " of listener '"
                        + graph.listener() + "'", first, findings);
            }
        }
    }

    private static void branches(FlowGraph graph, CompiledFilter host, Map<String, Declaration> first,
            Findings findings) {
        for (BranchSpec b : host.branches()) {
            for (CompiledFilter f : b.filters()) {
                declare(graph, f, b, "in branch '" + b.name() + "' of listener '" + graph.listener() + "'", first,
                        findings);
                branches(graph, f, first, findings);
            }
        }
    }

    private static void declare(FlowGraph graph, CompiledFilter f, BranchSpec branch, String where,
            Map<String, Declaration> first, Findings findings) {
        f.declaration().clusters().declaredTags().forEach((cluster, tags) -> {
            Declaration earlier = first.putIfAbsent(cluster, new Declaration(describe(f) + " " + where, tags));
            if (earlier != null && !earlier.tags().equals(tags)) {
                findings.error(OrderingRule.BINDING_METADATA_AGREEMENT, f, branch, describe(f) + " " + where
                        + " declares cluster '" + cluster + "' with application metadata " + tags + ", but "
                        + earlier.by() + " declares it with " + earlier.tags() + "; the binding could not carry one "
                        + "protocol and provider for it (expected: every declaration of '" + cluster + "' agrees)");
            }
        });
    }

    private record Declaration(String by, ClusterTags tags) {
    }
}
