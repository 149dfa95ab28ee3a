package io.jpraxis.server.explain;

import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.NestedStep;
import io.jpraxis.core.pipeline.Rejoin;
import io.jpraxis.core.pipeline.RequestBodyPhase;
import io.jpraxis.core.pipeline.check.PipelineReport;
import java.util.List;

/**
 * The flattened pipeline: each top-level filter with its index, and under it each branch (what
 * fires it, where it rejoins) with its sub-chain, indented, at every depth. A nested branch's jump
 * is shown as written, marked as discarded at runtime (see
 * docs/behaviour/branches.md#how-branches-run). An iterative request router's steps, and a
 * callout's outbound chain, are listed under it, each with its filters. A filter whose request-body
 * work runs at the bound-upstream barrier (see docs/behaviour/binding.md#the-bound-body-barrier)
 * says so.
 */
final class FiltersSection implements ExplainSection {

    @Override
    public void write(PipelineReport report, List<String> lines) {
        List<CompiledFilter> top = report.graph().nodes();
        lines.add("  filters:");
        if (top.isEmpty()) {
            lines.add("    (none)");
        }
        for (int i = 0; i < top.size(); i++) {
            CompiledFilter f = top.get(i);
            String unreachable = report.graph().reachable(i) ? "" : "  (unreachable)";
            String barrier = report.graph().bodyPhase(f) == RequestBodyPhase.BARRIER
                    ? "  (request body at the bound-upstream barrier)" : "";
            lines.add("    [" + i + "] " + Labels.filter(f) + barrier + unreachable);
            branches(f, top, true, "        ", lines);
            steps(f, "        ", lines);
        }
    }

    /** An iterative request router's steps or a callout's outbound chain: each one's name and its filters. */
    private static void steps(CompiledFilter host, String indent, List<String> lines) {
        for (NestedStep step : host.declaration().nested().pipelines()) {
            String kind = switch (step.kind()) {
                case STEP -> "step ";
                case OUTBOUND_CHAIN -> "outbound chain ";
            };
            lines.add(indent + kind + step.name() + ":");
            for (CompiledFilter f : step.pipeline().filters()) {
                lines.add(indent + "  - " + Labels.filter(f));
            }
        }
    }

    private static void branches(CompiledFilter host, List<CompiledFilter> level, boolean top, String indent,
            List<String> lines) {
        for (BranchSpec b : host.branches()) {
            boolean jumps = b.rejoin() instanceof Rejoin.SkipTo || b.rejoin() instanceof Rejoin.ReEnter;
            lines.add(indent + "branch " + b.name() + ": " + Labels.trigger(b) + "; rejoin "
                    + Labels.rejoin(b, level) + (jumps && !top ? " (discarded at runtime: nested)" : ""));
            for (CompiledFilter f : b.filters()) {
                lines.add(indent + "  - " + Labels.filter(f));
                branches(f, b.filters(), false, indent + "      ", lines);
                steps(f, indent + "      ", lines);
            }
        }
    }
}
