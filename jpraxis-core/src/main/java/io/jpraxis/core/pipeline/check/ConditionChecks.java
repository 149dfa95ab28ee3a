package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.config.model.RequestPredicateConfig;
import io.jpraxis.config.model.ResponseConditionConfig;
import io.jpraxis.config.validate.Names;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a filter's conditions may say (see docs/behaviour/ordering-checks.md#the-ordering-checks):
 * header names must be valid, since a condition on a name no request can carry silently never
 * matches (the loader refuses them already; this is the pipeline's own guard, for filters built
 * without it); and a top-level filter that decides before routing (trace_context; see
 * docs/reference/filters/trace_context.md#what-it-does) may not wait for a bound or selected
 * upstream.
 */
final class ConditionChecks implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.CONDITION_HEADER_NAMES, OrderingRule.TRACE_CONTEXT_UPSTREAM_CONDITIONS);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter f = graph.node(i);
            headerNames(graph, f, null, findings);
            if (f.declaration().traits().contains(FilterTrait.DECIDES_BEFORE_ROUTING) && readsUpstream(graph.gate(f))) {
                findings.error(OrderingRule.TRACE_CONTEXT_UPSTREAM_CONDITIONS, f, null, describe(f) + " at "
                        + graph.at(i) + " decides before routing, so it cannot be gated on bound_upstream or "
                        + "selected_upstream (expected: other conditions, or the filter inside a branch that runs "
                        + "after the load_balancer)");
            }
        }
        BranchSlot.forEach(graph, slot -> headerNames(graph, slot.filter(), slot.branch(), findings));
    }

    private static void headerNames(FlowGraph graph, CompiledFilter f, BranchSpec branch, Findings findings) {
        List<String> names = new ArrayList<>();
        for (ConditionConfig c : graph.gate(f)) {
            RequestPredicateConfig p = c.predicate();
            addNames(p.headers(), p.headersPresent(), names);
        }
        for (ResponseConditionConfig c : f.entry().responseConditions()) {
            addNames(c.headers(), c.headersPresent(), names);
        }
        for (String name : names) {
            if (!Names.isHeaderName(name)) {
                findings.error(OrderingRule.CONDITION_HEADER_NAMES, f, branch, describe(f) + " of listener '"
                        + graph.listener() + "' has a condition on header \"" + name + "\", which no request can "
                        + "carry, so it never matches (expected: " + Names.HEADER_NAME_RULE + ")");
            }
        }
    }

    private static void addNames(List<HeaderValue> headers, List<String> present, List<String> out) {
        if (headers != null) {
            headers.forEach(h -> out.add(h.name()));
        }
        if (present != null) {
            out.addAll(present);
        }
    }

    private static boolean readsUpstream(List<ConditionConfig> gate) {
        for (ConditionConfig c : gate) {
            if (c.predicate().boundUpstream() != null || c.predicate().selectedUpstream() != null) {
                return true;
            }
        }
        return false;
    }
}
