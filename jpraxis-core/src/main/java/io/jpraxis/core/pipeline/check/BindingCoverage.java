package io.jpraxis.core.pipeline.check;

import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.Set;

/**
 * R6 (see docs/behaviour/binding.md#binding-rules): every cluster the binding router can bind must,
 * on every path from the router, reach a load balancer that serves it or a filter that always
 * answers ({@link ClusterScan} has the path model and its documented limitations). One error per
 * cluster, on the router, naming the first failing path; {@code explain} lists them all.
 */
final class BindingCoverage implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.BINDING_COVERAGE);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        BindingFacts binding = graph.binding();
        if (binding.router() < 0) {
            return;
        }
        CompiledFilter router = graph.node(binding.router());
        for (ClusterCoverage c : binding.coverage()) {
            if (c.covered()) {
                continue;
            }
            String more = c.failures().size() == 1 ? "" : " (and " + (c.failures().size() - 1) + " more)";
            findings.error(OrderingRule.BINDING_COVERAGE, router, null, "cluster '" + c.cluster() + "' can be bound "
                    + "as the logical upstream by " + binding.routerName() + " of listener '" + graph.listener()
                    + "', but no guaranteed load_balancer serves it on its reachable path: a request bound to it "
                    + c.failures().getFirst() + more + ", so it could fail endpoint selection (expected: a "
                    + "load_balancer declaring '" + c.cluster() + "' on every path after the router, or a filter "
                    + "that answers)");
        }
    }
}
