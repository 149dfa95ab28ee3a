package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.Rejoin;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * {@code selected_upstream_ordering} (see
 * docs/behaviour/ordering-checks.md#the-control-flow-graph): a filter gated on {@code
 * selected_upstream} must have an unconditional load balancer before it on every path, since before
 * one runs nothing is selected and the condition silently never matches ({@code when}) or always
 * runs ({@code unless}). A forward pass over the graph marks the top-level filters some path
 * reaches with no load balancer run yet; a conditional load balancer, or one in a conditional
 * branch, does not clear the mark; one in an unconditional branch does, and so does a load balancer
 * hosting the gated branch. Branch sub-chains are walked with the state their host hands them.
 */
final class SelectedUpstreamOrdering implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.SELECTED_UPSTREAM_ORDERING);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        boolean[] withoutLb = withoutLoadBalancer(graph);
        for (int i = 0; i < graph.size(); i++) {
            if (!withoutLb[i]) {
                continue; // every path here passed an unconditional load balancer: nothing below can miss one
            }
            CompiledFilter f = graph.node(i);
            if (gated(graph, f)) {
                findings.error(OrderingRule.SELECTED_UPSTREAM_ORDERING, f, null, describe(f) + " at " + graph.at(i)
                        + message());
            }
            if (!isLoadBalancer(f)) {
                walkBranches(graph, f, findings);
            }
        }
    }

    /** For each top-level position, whether some path reaches it before any load balancer ran. */
    private static boolean[] withoutLoadBalancer(FlowGraph graph) {
        boolean[] marked = new boolean[graph.size() + 1];
        Deque<Integer> work = new ArrayDeque<>();
        mark(0, marked, work);
        while (!work.isEmpty()) {
            int i = work.poll();
            if (i == graph.end()) {
                continue;
            }
            CompiledFilter f = graph.node(i);
            if (f.conditional()) {
                mark(i + 1, marked, work); // skipped: its branches do not run either
            }
            if (isLoadBalancer(f)) {
                continue; // ran: a load balancer ran
            }
            boolean stillNone = true;
            for (BranchSpec b : f.branches()) {
                boolean afterChain = stillNone && !guarantees(b.filters());
                switch (b.rejoin()) {
                    case Rejoin.Next n -> stillNone = b.unconditional() ? afterChain : stillNone;
                    case Rejoin.Terminal t -> {
                        // the pipeline ends: nothing later is reached this way
                    }
                    case Rejoin.SkipTo s -> markIf(afterChain, s.target(), marked, work);
                    case Rejoin.ReEnter r -> markIf(afterChain, r.target(), marked, work);
                }
            }
            if (graph.cut(i).isEmpty()) {
                markIf(stillNone, i + 1, marked, work);
            }
        }
        return marked;
    }

    private static void markIf(boolean condition, int index, boolean[] marked, Deque<Integer> work) {
        if (condition) {
            mark(index, marked, work);
        }
    }

    private static void mark(int index, boolean[] marked, Deque<Integer> work) {
        if (!marked[index]) {
            marked[index] = true;
            work.add(index);
        }
    }

    /** The branches of {@code host}, which ran with no load balancer before it. */
    private void walkBranches(FlowGraph graph, CompiledFilter host, Findings findings) {
        for (BranchSpec b : host.branches()) {
            walkChain(graph, b, findings);
            if (b.unconditional() && guarantees(b.filters())) {
                return; // later siblings only run after this one's load balancer
            }
        }
    }

    private void walkChain(FlowGraph graph, BranchSpec b, Findings findings) {
        for (CompiledFilter f : b.filters()) {
            if (gated(graph, f)) {
                findings.error(OrderingRule.SELECTED_UPSTREAM_ORDERING, f, b, describe(f) + " in branch '"
                        + b.name() + "' of listener '" + graph.listener() + "'" + message());
            }
            if (!isLoadBalancer(f)) {
                walkBranches(graph, f, findings);
            }
            if (guarantees(List.of(f))) {
                return;
            }
        }
    }

    /**
     * Whether running {@code chain} always runs a load balancer (before it can leave it): an
     * unconditional one, or one in an unconditional branch reached before any sibling that may jump.
     */
    private static boolean guarantees(List<CompiledFilter> chain) {
        for (CompiledFilter f : chain) {
            if (f.conditional()) {
                continue;
            }
            if (isLoadBalancer(f)) {
                return true;
            }
            for (BranchSpec b : f.branches()) {
                if (b.unconditional() && guarantees(b.filters())) {
                    return true;
                }
                if (!(b.rejoin() instanceof Rejoin.Next)) {
                    break; // it may leave before the later siblings run
                }
            }
        }
        return false;
    }

    private static boolean gated(FlowGraph graph, CompiledFilter f) {
        for (ConditionConfig c : graph.gate(f)) {
            if (c.predicate().selectedUpstream() != null) {
                return true;
            }
        }
        return false;
    }

    private static boolean isLoadBalancer(CompiledFilter f) {
        return f.declaration().traits().contains(FilterTrait.SELECTS_ENDPOINT);
    }

    private static String message() {
        return " has a selected_upstream condition, but no load_balancer is guaranteed to run before it, so the "
                + "condition would see no selected upstream (expected: an unconditional load_balancer earlier on "
                + "every path to it)";
    }
}
