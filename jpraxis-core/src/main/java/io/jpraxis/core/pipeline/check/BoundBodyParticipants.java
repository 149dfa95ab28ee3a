package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.RequestBodyPhase;
import java.util.Set;

/**
 * R5 (see docs/behaviour/binding.md#the-bound-body-barrier,
 * docs/behaviour/binding.md#binding-rules): filters whose request-body work runs at the
 * bound-upstream barrier. The barrier runs over the whole buffered body, so a participant must ask
 * for a bounded StreamBuffer (an unbounded or streaming one could not promise the body is whole, or
 * small enough, at the freeze); no endpoint is selected at the freeze, so a {@code
 * selected_upstream} condition could never match; and only top-level participants run there, so one
 * in a branch would silently never run. The guaranteed preceding binding is R2's ({@link
 * BindingGuarantee}); IRR steps are refused where they are built. Finds nothing without feature
 * {@code bound-upstream-request-body}.
 */
final class BoundBodyParticipants implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.BOUND_BODY_PARTICIPANTS);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        if (!graph.boundBodyHook()) {
            return;
        }
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter f = graph.node(i);
            if (graph.bodyPhase(f) == RequestBodyPhase.BARRIER) {
                checkTopLevel(graph, i, f, findings);
            }
        }
        BranchSlot.forEach(graph, slot -> {
            if (slot.filter().declaration().boundUpstream().bodyAccess() != BodyAccess.NONE) {
                findings.error(OrderingRule.BOUND_BODY_PARTICIPANTS, slot.filter(), slot.branch(),
                        describe(slot.filter()) + " in branch '" + slot.branch().name() + "' of listener '"
                        + graph.listener() + "' declares a bound-upstream request-body hook, but only top-level "
                        + "filters run at the bound-upstream barrier, so it would never run (expected: the filter "
                        + "in the main pipeline, gated by its own conditions)");
            }
        });
    }

    private static void checkTopLevel(FlowGraph graph, int i, CompiledFilter f, Findings findings) {
        BodyMode mode = f.declaration().requestBody().mode();
        if (!(mode instanceof BodyMode.StreamBuffer b) || b.maxBytes() == null) {
            findings.error(OrderingRule.BOUND_BODY_PARTICIPANTS, f, null, describe(f) + " at " + graph.at(i)
                    + " runs its request-body hook at the bound-upstream barrier, but its request body mode is "
                    + modeName(mode) + " (expected: a bounded StreamBuffer, so the body is whole and limited at the "
                    + "freeze)");
        }
        for (ConditionConfig c : graph.gate(f)) {
            if (c.predicate().selectedUpstream() != null) {
                findings.error(OrderingRule.BOUND_BODY_PARTICIPANTS, f, null, describe(f) + " at " + graph.at(i)
                        + " runs its request-body hook at the bound-upstream barrier, where no upstream is selected "
                        + "yet, but has a selected_upstream condition, which could never match there (expected: no "
                        + "selected_upstream condition on a bound-upstream body participant)");
                return;
            }
        }
    }

    private static String modeName(BodyMode mode) {
        return switch (mode) {
            case BodyMode.Stream s -> "Stream";
            case BodyMode.SizeLimit l -> "SizeLimit";
            case BodyMode.StreamBuffer b -> "an unbounded StreamBuffer";
        };
    }
}
