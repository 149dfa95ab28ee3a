package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.ClusterSelectionChecks.has;
import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code grpc_upstream_http2} (see docs/behaviour/grpc.md#grpc-web): a filter that turns requests
 * into gRPC calls ({@code grpc_web}) needs an HTTP/2 leg to the origin, since gRPC's status
 * travels in trailers. When none of the clusters the pipeline's load balancers serve can speak
 * HTTP/2 upstream, every call it translates would fail, so it is warned about. Only a warning:
 * Praxis does not check this at load, and a config Praxis accepts must load here too. A pipeline
 * that also serves ordinary HTTP/1.1 clusters beside one HTTP/2 cluster is left alone: its router
 * decides which requests go where, and gRPC-Web requests may well all go to the HTTP/2 one. A
 * pipeline with no load balancer (an iterative router's steps, a static answer) is left alone too.
 */
final class GrpcUpstreamCheck implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.GRPC_UPSTREAM_HTTP2);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        List<Placed> translators = new ArrayList<>();
        Set<String> served = new LinkedHashSet<>();
        Set<String> http2 = new LinkedHashSet<>();
        walk(graph.nodes(), null, translators, served, http2);
        if (translators.isEmpty() || served.isEmpty() || !http2.isEmpty()) {
            return;
        }
        for (Placed t : translators) {
            findings.warn(OrderingRule.GRPC_UPSTREAM_HTTP2, t.filter(), t.branch(), describe(t.filter())
                    + " of listener '" + graph.listener() + "' turns requests into gRPC calls, but no cluster its "
                    + "pipeline's load_balancer serves speaks HTTP/2 upstream (clusters: " + String.join(", ", served)
                    + "), so every call it translates would fail: gRPC needs HTTP/2 to the origin (expected: "
                    + "http.version: h2 on the cluster of the gRPC service)");
        }
    }

    private static void walk(List<CompiledFilter> level, BranchSpec branch, List<Placed> translators,
            Set<String> served, Set<String> http2) {
        for (CompiledFilter f : level) {
            if (has(f, FilterTrait.NEEDS_HTTP2_UPSTREAM)) {
                translators.add(new Placed(f, branch));
            }
            if (has(f, FilterTrait.SELECTS_ENDPOINT)) {
                for (String cluster : f.declaration().clusters().served()) {
                    served.add(cluster);
                    if (f.declaration().clusters().http2().contains(cluster)) {
                        http2.add(cluster);
                    }
                }
            }
            for (BranchSpec b : f.branches()) {
                walk(b.filters(), b, translators, served, http2);
            }
        }
    }

    private record Placed(CompiledFilter filter, BranchSpec branch) {
    }
}
