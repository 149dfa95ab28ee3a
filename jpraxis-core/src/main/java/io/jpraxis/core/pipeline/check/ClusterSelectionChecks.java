package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Who chooses the cluster and who picks the endpoint, at the top level (see
 * docs/behaviour/ordering-checks.md#the-ordering-checks): a load balancer needs a cluster selector
 * before it, one router and one load balancer per pipeline, one kind of selector before a load
 * balancer; and two warnings about routers. Positional, as in Praxis: a selector inside a branch
 * does not count for a top-level load balancer.
 */
final class ClusterSelectionChecks implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.LB_WITHOUT_ROUTER, OrderingRule.DUPLICATE_ROUTERS,
                OrderingRule.DUPLICATE_LOAD_BALANCERS, OrderingRule.CONFLICTING_CLUSTER_SELECTORS,
                OrderingRule.ROUTER_WITHOUT_LB, OrderingRule.ALL_ROUTERS_CONDITIONAL);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        lbWithoutSelector(graph, findings);
        duplicates(graph, findings, FilterTrait.ROUTER, OrderingRule.DUPLICATE_ROUTERS,
                "cluster selection", "one router; merge the routes into it");
        duplicates(graph, findings, FilterTrait.SELECTS_ENDPOINT, OrderingRule.DUPLICATE_LOAD_BALANCERS,
                "upstream selection", "one load_balancer; declare every cluster in it");
        conflictingSelectors(graph, findings);
        routerWarnings(graph, findings);
    }

    /** The first top-level load balancer with no cluster selector before it (one finding is enough). */
    private static void lbWithoutSelector(FlowGraph graph, Findings findings) {
        boolean selected = false;
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter f = graph.node(i);
            // A load balancer reading the logical binding needs no router before it (see
            // docs/behaviour/binding.md#binding-rules); R2 guards it.
            if (has(f, FilterTrait.SELECTS_ENDPOINT) && !BindingFacts.boundLoadBalancer(f) && !selected) {
                findings.error(OrderingRule.LB_WITHOUT_ROUTER, f, null, describe(f) + " at " + graph.at(i)
                        + " has no router or other cluster-selecting filter before it, so every request would fail "
                        + "with 'no cluster selected' (expected: a router earlier in the pipeline)");
                return;
            }
            selected |= has(f, FilterTrait.SELECTS_CLUSTER);
        }
    }

    private static void duplicates(FlowGraph graph, Findings findings, FilterTrait trait, OrderingRule check,
            String what, String expected) {
        List<Integer> at = positions(graph, trait);
        if (at.size() < 2) {
            return;
        }
        CompiledFilter second = graph.node(at.get(1));
        findings.error(check, second, null, describe(second) + " at " + graph.at(at.get(1)) + " is one of "
                + at.size() + " " + second.filter().type() + " filters (positions " + join(at) + "); only the last "
                + "one's " + what + " takes effect (expected: " + expected + ")");
    }

    /**
     * Distinct filter types; several routers count once (duplicate_routers reports them; see
     * docs/behaviour/ordering-checks.md#control-flow-details).
     */
    private static void conflictingSelectors(FlowGraph graph, Findings findings) {
        Set<String> selectors = new LinkedHashSet<>();
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter f = graph.node(i);
            if (has(f, FilterTrait.SELECTS_ENDPOINT) && selectors.size() > 1) {
                findings.error(OrderingRule.CONFLICTING_CLUSTER_SELECTORS, f, null, describe(f) + " at "
                        + graph.at(i) + " follows several kinds of cluster-selecting filter (" + String.join(", ",
                        selectors) + "); only the last one's selection takes effect (expected: one kind of cluster "
                        + "selector before a load_balancer)");
                return;
            }
            if (has(f, FilterTrait.SELECTS_CLUSTER)) {
                selectors.add(f.filter().type());
            }
        }
    }

    private static void routerWarnings(FlowGraph graph, Findings findings) {
        List<Integer> routers = positions(graph, FilterTrait.ROUTER);
        if (routers.isEmpty()) {
            return;
        }
        CompiledFilter first = graph.node(routers.getFirst());
        // A bound consumer after the binding router (IRR steps reading the binding) picks the endpoint.
        if (!anyLoadBalancer(graph) && !graph.binding().boundConsumerAfterRouter()) {
            findings.warn(OrderingRule.ROUTER_WITHOUT_LB, first, null, describe(first) + " at "
                    + graph.at(routers.getFirst()) + " chooses a cluster, but no load_balancer in the pipeline picks "
                    + "an endpoint of it, so routed requests fail with 500 (expected: a load_balancer after the "
                    + "router)");
        }
        if (routers.stream().allMatch(i -> graph.node(i).conditional())) {
            findings.warn(OrderingRule.ALL_ROUTERS_CONDITIONAL, first, null, "every router of listener '"
                    + graph.listener() + "' has request conditions, so a request none of them runs for has no "
                    + "cluster (expected: an unconditional router, or one with a catch-all route)");
        }
    }

    private static boolean anyLoadBalancer(FlowGraph graph) {
        if (!positions(graph, FilterTrait.SELECTS_ENDPOINT).isEmpty()) {
            return true;
        }
        boolean[] found = {false};
        BranchSlot.forEach(graph, slot -> found[0] |= has(slot.filter(), FilterTrait.SELECTS_ENDPOINT));
        return found[0];
    }

    private static List<Integer> positions(FlowGraph graph, FilterTrait trait) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < graph.size(); i++) {
            if (has(graph.node(i), trait)) {
                out.add(i);
            }
        }
        return out;
    }

    static boolean has(CompiledFilter f, FilterTrait trait) {
        return f.declaration().traits().contains(trait);
    }

    static String join(List<Integer> positions) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < positions.size(); i++) {
            sb.append(i == 0 ? "" : i == positions.size() - 1 ? " and " : ", ").append(positions.get(i));
        }
        return sb.toString();
    }
}
