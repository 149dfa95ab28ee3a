package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.Rejoin;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * {@code cluster_reader_without_router} and {@code subject_without_authentication} (see
 * docs/behaviour/ordering-checks.md#context-readers): a filter that acts on what an earlier filter
 * put in the request context must have such a filter before it on every path, or it would see
 * nothing on every request of that path. A forward pass marks the top-level positions some path
 * reaches before any producer stood on it; conditions are not considered (a conditional router may
 * set the cluster, and the reader passes the requests it did not route), but jumps are: a branch
 * that skips past the router, or a re-entrance before it, leaves the target marked. Branch
 * sub-chains are walked with the state their host hands them, siblings in order.
 */
final class ContextReaderOrdering implements RuleFamily {

    /** One thing a filter reads: who sets it, who needs it, and what the finding says. */
    private enum Need {
        CLUSTER(OrderingRule.CLUSTER_READER_WITHOUT_ROUTER, FilterTrait.READS_CLUSTER,
                " acts on the cluster a router selects, but no router or other cluster-selecting filter comes before "
                        + "it on some path, so it would pass every request of that path untouched (expected: a router "
                        + "earlier in the pipeline)"),
        SUBJECT(OrderingRule.SUBJECT_WITHOUT_AUTHENTICATION, FilterTrait.READS_SUBJECT,
                " is keyed on authenticated_subject, but no authentication filter that sets the subject comes before "
                        + "it on some path, so every request of that path would be refused with 401 (expected: jwt_auth, "
                        + "basic_auth or api_key_auth earlier in the pipeline)");

        final OrderingRule rule;
        final FilterTrait reads;
        final String message;

        Need(OrderingRule rule, FilterTrait reads, String message) {
            this.rule = rule;
            this.reads = reads;
            this.message = message;
        }

        boolean produces(CompiledFilter f) {
            Set<FilterTrait> traits = f.declaration().traits();
            return switch (this) {
                // A load balancer reading the binding seeds ctx.cluster from it before it picks.
                case CLUSTER -> traits.contains(FilterTrait.SELECTS_CLUSTER) || BindingFacts.boundLoadBalancer(f);
                case SUBJECT -> traits.contains(FilterTrait.SETS_SUBJECT);
            };
        }

        boolean reads(CompiledFilter f) {
            return f.declaration().traits().contains(reads);
        }
    }

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.CLUSTER_READER_WITHOUT_ROUTER, OrderingRule.SUBJECT_WITHOUT_AUTHENTICATION);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        for (Need need : Need.values()) {
            boolean[] without = reachedWithout(graph, need);
            for (int i = 0; i < graph.size(); i++) {
                CompiledFilter f = graph.node(i);
                if (!without[i] || need.produces(f)) {
                    continue;
                }
                if (need.reads(f)) {
                    findings.error(need.rule, f, null, describe(f) + " at " + graph.at(i) + need.message);
                }
                walkBranches(graph, need, f, true, findings);
            }
        }
    }

    /** For each top-level position, whether some path reaches it with no producer of {@code need} on it. */
    private static boolean[] reachedWithout(FlowGraph graph, Need need) {
        boolean[] marked = new boolean[graph.size() + 1];
        Deque<Integer> work = new ArrayDeque<>();
        mark(0, marked, work);
        while (!work.isEmpty()) {
            int i = work.poll();
            if (i == graph.end() || need.produces(graph.node(i))) {
                continue;
            }
            boolean stillNone = true;
            for (BranchSpec b : graph.node(i).branches()) {
                boolean afterChain = stillNone && !contains(b.filters(), need);
                switch (b.rejoin()) {
                    case Rejoin.Next n -> stillNone = afterChain;
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
        if (condition && !marked[index]) {
            mark(index, marked, work);
        }
    }

    private static void mark(int index, boolean[] marked, Deque<Integer> work) {
        marked[index] = true;
        work.add(index);
    }

    /**
     * Reports the readers in the branches of {@code host}, reached with nothing produced when {@code
     * none}; returns whether still nothing is produced once its {@code next} branches ran.
     */
    private static boolean walkBranches(FlowGraph graph, Need need, CompiledFilter host, boolean none,
            Findings findings) {
        boolean state = none;
        for (BranchSpec b : host.branches()) {
            boolean after = walkChain(graph, need, b, state, findings);
            if (b.rejoin() instanceof Rejoin.Next) {
                state = after;
            }
        }
        return state;
    }

    private static boolean walkChain(FlowGraph graph, Need need, BranchSpec b, boolean none, Findings findings) {
        boolean state = none;
        for (CompiledFilter f : b.filters()) {
            if (!state) {
                return false;
            }
            if (need.produces(f)) {
                return false;
            }
            if (need.reads(f)) {
                findings.error(need.rule, f, b, describe(f) + " in branch '" + b.name() + "' of listener '"
                        + graph.listener() + "'" + need.message);
            }
            state = walkBranches(graph, need, f, state, findings);
        }
        return state;
    }

    /** Whether a producer of {@code need} stands anywhere in {@code chain}, its branches included. */
    private static boolean contains(List<CompiledFilter> chain, Need need) {
        for (CompiledFilter f : chain) {
            if (need.produces(f)) {
                return true;
            }
            for (BranchSpec b : f.branches()) {
                if (contains(b.filters(), need)) {
                    return true;
                }
            }
        }
        return false;
    }
}
