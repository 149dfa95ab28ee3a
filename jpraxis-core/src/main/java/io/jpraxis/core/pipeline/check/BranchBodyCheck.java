package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.pipeline.FilterDeclaration;
import java.util.Set;

/**
 * {@code branch_body_access} (see docs/behaviour/body-access.md#access-and-delivery-modes,
 * docs/behaviour/ordering-checks.md#the-ordering-checks): branch filters only run {@code
 * on_request}, so a body hook declared inside a branch would never run, while its declaration would
 * still make the whole pipeline buffer bodies.
 */
final class BranchBodyCheck implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.BRANCH_BODY_ACCESS);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        BranchSlot.forEach(graph, slot -> {
            FilterDeclaration filter = slot.filter().declaration();
            if (filter.requestBody().access() != BodyAccess.NONE || filter.responseBody().access() != BodyAccess.NONE) {
                findings.error(OrderingRule.BRANCH_BODY_ACCESS, slot.filter(), slot.branch(), describe(slot.filter())
                        + " in branch '" + slot.branch().name() + "' of listener '" + graph.listener() + "' declares "
                        + "body access, but branch filters only run on the request head and their body hooks never "
                        + "run (expected: the filter in the main pipeline, gated by its own conditions)");
            }
        });
    }
}
