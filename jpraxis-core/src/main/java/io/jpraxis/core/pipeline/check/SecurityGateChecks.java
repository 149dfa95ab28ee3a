package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.Set;

/**
 * Whether every security-class filter (see
 * docs/behaviour/ordering-checks.md#security-class-filters) runs, and fails closed, for every
 * request that passes its place: no request conditions on one ({@code conditional_security}), no
 * {@code failure_mode: open} unless {@code allow_open_security_filters} (then a warning), both in
 * branches too; and a warning for one reached only through a conditional branch or host.
 */
final class SecurityGateChecks implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.CONDITIONAL_SECURITY, OrderingRule.OPEN_SECURITY_FILTERS,
                OrderingRule.SECURITY_ONLY_IN_CONDITIONAL_BRANCH);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        for (int i = 0; i < graph.size(); i++) {
            check(graph.node(i), null, "at " + graph.at(i), findings);
        }
        BranchSlot.forEach(graph, slot -> {
            String where = "in branch '" + slot.branch().name() + "' of listener '" + graph.listener() + "'";
            check(slot.filter(), slot.branch(), where, findings);
            if (isSecurity(slot.filter()) && slot.onlyConditionally()) {
                findings.warn(OrderingRule.SECURITY_ONLY_IN_CONDITIONAL_BRANCH, slot.filter(), slot.branch(),
                        "security filter " + describe(slot.filter()) + " " + where + " runs only when a conditional "
                        + "branch or host leads to it, so other requests are not checked by it (expected: the "
                        + "security filter in the main pipeline)");
            }
        });
    }

    private static void check(CompiledFilter f, BranchSpec branch, String where, Findings findings) {
        if (!isSecurity(f)) {
            return;
        }
        String what = "security filter " + describe(f) + " " + where;
        if (f.conditional()) {
            findings.error(OrderingRule.CONDITIONAL_SECURITY, f, branch, what + " has request conditions, so it is "
                    + "bypassed for requests that do not match them (expected: no conditions on a security filter, "
                    + "its chain included)");
        }
        if (f.failureMode() == FailureMode.OPEN) {
            if (findings.options().allowOpenSecurityFilters()) {
                findings.warn(OrderingRule.OPEN_SECURITY_FILTERS, f, branch, what + " has failure_mode: open, so "
                        + "its runtime errors bypass security enforcement (allowed by "
                        + "insecure_options.allow_open_security_filters)");
            } else {
                findings.error(OrderingRule.OPEN_SECURITY_FILTERS, f, branch, what + " has failure_mode: open, so "
                        + "its runtime errors would bypass security enforcement (expected: failure_mode: closed, or "
                        + "insecure_options.allow_open_security_filters to accept the risk)");
            }
        }
    }

    static boolean isSecurity(CompiledFilter f) {
        return f.declaration().traits().contains(FilterTrait.SECURITY);
    }
}
