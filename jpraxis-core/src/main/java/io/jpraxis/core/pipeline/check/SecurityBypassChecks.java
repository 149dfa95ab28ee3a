package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;
import static io.jpraxis.core.pipeline.check.SecurityGateChecks.isSecurity;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.branch.BranchSpec;
import io.jpraxis.core.pipeline.branch.Rejoin;
import java.util.List;
import java.util.Set;

/**
 * Top-level branches that route a request around a security filter (spec 6.11, decision 10): a
 * skip past one, and a terminal branch that forwards upstream (a cluster is chosen in its
 * sub-chain or before it) while a security filter stands after its host. Both always run.
 */
final class SecurityBypassChecks implements RuleFamily {

    @Override
    public Set<OrderingCheck> checks() {
        return Set.of(OrderingCheck.SKIP_TO_OVER_SECURITY, OrderingCheck.TERMINAL_BEFORE_SECURITY);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        skips(graph, findings);
        terminals(graph, findings);
    }

    private static void skips(FlowGraph graph, Findings findings) {
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter host = graph.node(i);
            for (BranchSpec b : host.branches()) {
                if (!(b.rejoin() instanceof Rejoin.SkipTo(int target))) {
                    continue;
                }
                for (int k = i + 1; k < target; k++) {
                    CompiledFilter skipped = graph.node(k);
                    if (isSecurity(skipped)) {
                        findings.branchError(OrderingCheck.SKIP_TO_OVER_SECURITY, host, b, "branch '" + b.name()
                                + "' of " + describe(host) + " at " + graph.at(i) + " skips to position " + target
                                + ", past security filter " + describe(skipped) + " at position " + k + ", so requests "
                                + "taking the branch bypass it (expected: a rejoin target before the security filter, "
                                + "or the security filter before the branch's host)");
                    }
                }
            }
        }
    }

    private static void terminals(FlowGraph graph, Findings findings) {
        // Reachability-blind, as in Praxis: a selection anywhere up to the host may be what the branch forwards.
        boolean selectedBefore = false;
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter host = graph.node(i);
            selectedBefore |= selects(List.of(host));
            for (BranchSpec b : host.branches()) {
                if (!(b.rejoin() instanceof Rejoin.Terminal) || !(selectedBefore || selects(b.filters()))) {
                    continue;
                }
                for (int k = i + 1; k < graph.size(); k++) {
                    CompiledFilter later = graph.node(k);
                    if (isSecurity(later)) {
                        findings.branchError(OrderingCheck.TERMINAL_BEFORE_SECURITY, host, b, "branch '" + b.name()
                                + "' of " + describe(host) + " at " + graph.at(i) + " rejoins terminal and forwards "
                                + "upstream (a cluster is chosen in its sub-chain or earlier), bypassing security "
                                + "filter " + describe(later) + " at position " + k + " (expected: the security filter "
                                + "before the routing branch)");
                    }
                }
            }
        }
    }

    /** Whether a filter of {@code filters}, or of their branches at any depth, selects a cluster. */
    private static boolean selects(List<CompiledFilter> filters) {
        for (CompiledFilter f : filters) {
            if (f.filter().traits().contains(FilterTrait.SELECTS_CLUSTER)) {
                return true;
            }
            for (BranchSpec b : f.branches()) {
                if (selects(b.filters())) {
                    return true;
                }
            }
        }
        return false;
    }
}
