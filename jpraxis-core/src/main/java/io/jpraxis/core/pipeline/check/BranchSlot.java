package io.jpraxis.core.pipeline.check;

import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.List;
import java.util.function.Consumer;

/**
 * A filter inside a branch sub-chain, at any depth, with what the checks need about where it
 * stands.
 *
 * @param branch the branch whose sub-chain holds it directly
 * @param topHost the position of the top-level filter the outermost branch hangs from
 * @param onlyConditionally whether some host or branch on the way to it is conditional, so some
 *     requests pass its top-level host without reaching it
 */
public record BranchSlot(CompiledFilter filter, BranchSpec branch, int topHost, boolean onlyConditionally) {

    /** Visits every branch filter of {@code graph}, depth first, in declaration order. */
    public static void forEach(FlowGraph graph, Consumer<BranchSlot> visitor) {
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter host = graph.node(i);
            visitBranches(host, i, host.conditional(), visitor);
        }
    }

    private static void visitBranches(CompiledFilter host, int topHost, boolean conditional,
            Consumer<BranchSlot> visitor) {
        for (BranchSpec b : host.branches()) {
            boolean viaCondition = conditional || !b.unconditional();
            visitChain(b.filters(), b, topHost, viaCondition, visitor);
        }
    }

    private static void visitChain(List<CompiledFilter> filters, BranchSpec b, int topHost, boolean conditional,
            Consumer<BranchSlot> visitor) {
        for (CompiledFilter f : filters) {
            boolean fConditional = conditional || f.conditional();
            visitor.accept(new BranchSlot(f, b, topHost, conditional));
            visitBranches(f, topHost, fConditional, visitor);
        }
    }
}
