package io.jpraxis.server.explain;

import io.jpraxis.core.pipeline.check.FlowEdge;
import io.jpraxis.core.pipeline.check.FlowGraph;
import io.jpraxis.core.pipeline.check.PipelineReport;
import java.util.List;

/**
 * The control-flow edges (see docs/behaviour/ordering-checks.md#the-control-flow-graph):
 * fall-throughs, skips, re-entrances and terminal ends.
 */
final class EdgesSection implements ExplainSection {

    @Override
    public void write(PipelineReport report, List<String> lines) {
        FlowGraph g = report.graph();
        lines.add("  edges:");
        if (g.size() == 0) {
            lines.add("    start -> end  fall-through");
        }
        for (FlowEdge e : g.edges()) {
            lines.add("    [" + e.from() + "] -> " + node(g, e.to()) + "  " + kind(e));
        }
    }

    static String node(FlowGraph g, int index) {
        return index == g.end() ? "end" : "[" + index + "]";
    }

    static String kind(FlowEdge e) {
        return switch (e.kind()) {
            case FALL_THROUGH -> "fall-through";
            case SKIP_TO -> "skip_to (branch " + e.branch() + ")";
            case RE_ENTER -> "re_enter (branch " + e.branch() + ", max_iterations " + e.maxIterations() + ")";
            case TERMINAL -> "terminal (branch " + e.branch() + ")";
        };
    }
}
