package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.RequestBodyPhase;
import java.util.Set;

/**
 * R4 (see docs/behaviour/binding.md#binding-rules): in a pipeline that reads request bodies before
 * the request phase (StreamBuffer), a top-level request-body filter's conditions are evaluated at
 * pre-read, before any router ran, so a {@code bound_upstream} condition there sees no binding and
 * never matches. That is why an {@code iterative_request_router} (a pre-read body reader) cannot
 * carry one (see docs/behaviour/binding.md#known-limitations). Streaming pipelines run body hooks
 * after routing, so the rule does not apply. Branch filters with body access are {@code
 * branch_body_access}'s. With feature {@code bound-upstream-request-body}, a filter that also
 * declares bound-upstream body access is exempt (its condition moves its body work to the barrier);
 * without the feature such a filter is refused at build naming the feature ({@code BodyPlanner}).
 */
final class PreReadBoundCondition implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.BOUND_CONDITION_PRE_READ);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        if (!graph.preReads()) {
            return;
        }
        BindingFacts binding = graph.binding();
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter f = graph.node(i);
            // A bound-upstream declaration that the feature gate voids is refused at build, naming the feature.
            if (graph.bodyPhase(f) != RequestBodyPhase.PRE_READ || !binding.boundCondition(f)
                    || f.declaration().boundUpstream().bodyAccess() != BodyAccess.NONE) {
                continue;
            }
            findings.error(OrderingRule.BOUND_CONDITION_PRE_READ, f, null, describe(f) + " at " + graph.at(i)
                    + " has a bound_upstream condition, but its request-body hook runs at pre-read, before any "
                    + "binding exists, so the condition would never see one (expected: drop the condition, and "
                    + "send the requests it should not see down a branch of an earlier host gated on the binding)");
        }
    }
}
