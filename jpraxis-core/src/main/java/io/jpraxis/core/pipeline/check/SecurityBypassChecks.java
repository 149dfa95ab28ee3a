package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;
import static io.jpraxis.core.pipeline.check.SecurityGateChecks.isSecurity;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.Rejoin;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * Top-level branches that route a request around a security filter (see
 * docs/behaviour/ordering-checks.md#the-ordering-checks,
 * docs/behaviour/ordering-checks.md#security-class-filters): a skip past one, and a terminal branch
 * that forwards upstream (a cluster is chosen in its sub-chain or before it) while a security
 * filter stands after its host. Both always run. Routing around a non-gating security filter
 * ({@link FilterTrait#NON_GATING}: cors, forwarded_headers) is a warning: Praxis's own examples skip
 * them on purpose, and a request that skips them is not admitted where it would have been refused.
 */
final class SecurityBypassChecks implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.SKIP_TO_OVER_SECURITY, OrderingRule.TERMINAL_BEFORE_SECURITY);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        List<Integer> security = new ArrayList<>();
        for (int i = 0; i < graph.size(); i++) {
            if (isSecurity(graph.node(i))) {
                security.add(i);
            }
        }
        if (security.isEmpty()) {
            return; // nothing to bypass
        }
        skips(graph, security, findings);
        terminals(graph, security, findings);
    }

    /** The security positions after {@code from} and before {@code to}, in order. */
    private static List<Integer> between(List<Integer> security, int from, int to) {
        int lo = Collections.binarySearch(security, from + 1);
        lo = lo >= 0 ? lo : -lo - 1;
        int hi = lo;
        while (hi < security.size() && security.get(hi) < to) {
            hi++;
        }
        return security.subList(lo, hi);
    }

    private static void skips(FlowGraph graph, List<Integer> security, Findings findings) {
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter host = graph.node(i);
            for (BranchSpec b : host.branches()) {
                if (!(b.rejoin() instanceof Rejoin.SkipTo(int target))) {
                    continue;
                }
                for (int k : between(security, i, target)) {
                    CompiledFilter skipped = graph.node(k);
                    String what = "branch '" + b.name() + "' of " + describe(host) + " at " + graph.at(i)
                            + " skips to position " + target + ", past security filter " + describe(skipped)
                            + " at position " + k;
                    if (nonGating(skipped)) {
                        findings.branchWarn(OrderingRule.SKIP_TO_OVER_SECURITY, host, b, what + ", so its policy does "
                                + "not apply to requests taking the branch");
                    } else {
                        findings.branchError(OrderingRule.SKIP_TO_OVER_SECURITY, host, b, what + ", so requests "
                                + "taking the branch bypass it (expected: a rejoin target before the security "
                                + "filter, or the security filter before the branch's host)");
                    }
                }
            }
        }
    }

    private static void terminals(FlowGraph graph, List<Integer> security, Findings findings) {
        // Reachability-blind, as in Praxis: a selection anywhere up to the host may be what the branch forwards.
        boolean selectedBefore = false;
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter host = graph.node(i);
            selectedBefore |= selects(List.of(host));
            for (BranchSpec b : host.branches()) {
                if (!(b.rejoin() instanceof Rejoin.Terminal) || !(selectedBefore || selects(b.filters()))) {
                    continue;
                }
                for (int k : between(security, i, graph.size())) {
                    CompiledFilter skipped = graph.node(k);
                    String what = "branch '" + b.name() + "' of " + describe(host) + " at " + graph.at(i)
                            + " rejoins terminal and forwards upstream (a cluster is chosen in its sub-chain or "
                            + "earlier), bypassing security filter " + describe(skipped) + " at position " + k;
                    if (nonGating(skipped)) {
                        findings.branchWarn(OrderingRule.TERMINAL_BEFORE_SECURITY, host, b, what + ", so its policy "
                                + "does not apply to requests taking the branch");
                    } else {
                        findings.branchError(OrderingRule.TERMINAL_BEFORE_SECURITY, host, b, what
                                + " (expected: the security filter before the routing branch)");
                    }
                }
            }
        }
    }

    private static boolean nonGating(CompiledFilter f) {
        return f.declaration().traits().contains(FilterTrait.NON_GATING);
    }

    /** Whether a filter of {@code filters}, or of their branches at any depth, selects a cluster. */
    private static boolean selects(List<CompiledFilter> filters) {
        for (CompiledFilter f : filters) {
            if (f.declaration().traits().contains(FilterTrait.SELECTS_CLUSTER)) {
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
