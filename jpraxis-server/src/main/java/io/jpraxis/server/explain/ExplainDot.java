package io.jpraxis.server.explain;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.check.FlowEdge;
import io.jpraxis.core.pipeline.check.FlowGraph;
import io.jpraxis.core.pipeline.check.PipelineReport;
import java.util.List;

/**
 * The DOT form of {@code explain --dot}: one digraph, a cluster per listener. Solid edges are the
 * control flow (fall-through, skip_to, re_enter, terminal to the end node; see
 * docs/behaviour/ordering-checks.md#the-control-flow-graph); dotted edges lead from a host into the
 * sub-chain of each of its branches, whose filters are dashed boxes. Unreachable filters are filled
 * grey; filters that always answer have a double border; the binding router (see
 * docs/behaviour/binding.md#what-a-binding-is) has a heavy border and says so.
 */
public final class ExplainDot {
    private ExplainDot() {
    }

    public static String render(List<PipelineReport> reports) {
        StringBuilder out = new StringBuilder("digraph jpraxis {\n  rankdir=TB;\n  node [shape=box];\n");
        for (PipelineReport report : reports) {
            listener(report.graph(), report.binding().routerIndex(), out);
        }
        return out.append("}\n").toString();
    }

    private static void listener(FlowGraph g, int bindingRouter, StringBuilder out) {
        String l = g.listener();
        out.append("  subgraph ").append(id("cluster_" + l)).append(" {\n");
        out.append("    label=").append(id("listener " + l)).append(";\n");
        out.append("    ").append(id(l + "/start")).append(" [shape=circle, label=\"start\"];\n");
        for (int i = 0; i < g.size(); i++) {
            CompiledFilter f = g.node(i);
            String binds = i == bindingRouter ? " (binding router)" : "";
            out.append("    ").append(node(l, i)).append(" [label=").append(id("[" + i + "] " + Labels.filter(f) + binds))
                    .append(style(f, g.reachable(i))).append(binds.isEmpty() ? "" : ", penwidth=2").append("];\n");
        }
        out.append("    ").append(id(l + "/end")).append(" [shape=doublecircle, label=\"end\"];\n");
        out.append("    ").append(id(l + "/start")).append(" -> ").append(g.size() == 0 ? id(l + "/end") : node(l, 0))
                .append(";\n");
        for (FlowEdge e : g.edges()) {
            String to = e.to() == g.end() ? id(l + "/end") : node(l, e.to());
            out.append("    ").append(node(l, e.from())).append(" -> ").append(to).append(" [label=")
                    .append(id(EdgesSection.kind(e))).append(edgeStyle(e)).append("];\n");
        }
        for (int i = 0; i < g.size(); i++) {
            branches(g.node(i), node(l, i), l + "/" + i, out);
        }
        out.append("  }\n");
    }

    /** The sub-chains of {@code host}'s branches, each hung from the host by a dotted edge. */
    private static void branches(CompiledFilter host, String hostId, String path, StringBuilder out) {
        for (BranchSpec b : host.branches()) {
            String from = hostId;
            String label = "branch " + b.name() + " (" + Labels.trigger(b) + ")";
            for (int k = 0; k < b.filters().size(); k++) {
                CompiledFilter f = b.filters().get(k);
                String at = path + "/" + b.name() + "/" + k;
                out.append("    ").append(id(at)).append(" [label=").append(id(Labels.filter(f)))
                        .append(", style=dashed];\n");
                out.append("    ").append(from).append(" -> ").append(id(at)).append(" [style=dotted")
                        .append(k == 0 ? ", label=" + id(label) : "").append("];\n");
                branches(f, id(at), at, out);
                from = id(at);
            }
        }
    }

    private static String node(String listener, int index) {
        return id(listener + "/" + index);
    }

    private static String style(CompiledFilter f, boolean reachable) {
        String s = f.declaration().traits().contains(FilterTrait.ALWAYS_ANSWERS) ? ", peripheries=2" : "";
        return reachable ? s : s + ", style=filled, fillcolor=lightgrey";
    }

    private static String edgeStyle(FlowEdge e) {
        return switch (e.kind()) {
            case FALL_THROUGH -> "";
            case SKIP_TO -> ", color=blue";
            case RE_ENTER -> ", color=red";
            case TERMINAL -> ", style=dashed";
        };
    }

    /** A double-quoted DOT id: quotes and backslashes escaped. */
    static String id(String text) {
        return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
