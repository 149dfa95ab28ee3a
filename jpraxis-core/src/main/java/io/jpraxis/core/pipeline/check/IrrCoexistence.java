package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.Set;

/**
 * R7 (see docs/behaviour/binding.md#binding-rules,
 * docs/behaviour/iterative-router.md#steps-and-transitions): beside a top-level {@code
 * iterative_request_router}, which owns endpoint selection of its exchanges, a top-level load
 * balancer would pick an endpoint before the IRR owns the exchange; and a top-level router only
 * makes sense as the binding router of a bound consumer after it (a bound load balancer in a direct
 * branch at any depth, or IRR steps that read the binding; the IRR's own branches only when it
 * fails open). Consumers before the router, after an unconditional answer or jumped over on every
 * path do not count, nor does anything in a pipeline that does not bind. The IRR is recognised by
 * {@link FilterTrait#ITERATIVE_ROUTER}.
 */
final class IrrCoexistence implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.IRR_COEXISTENCE);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        int irr = -1;
        for (int i = 0; i < graph.size() && irr < 0; i++) {
            if (graph.node(i).declaration().traits().contains(FilterTrait.ITERATIVE_ROUTER)) {
                irr = i;
            }
        }
        if (irr < 0) {
            return;
        }
        String irrName = describe(graph.node(irr)) + " at position " + irr;
        int firstRouter = -1;
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter f = graph.node(i);
            if (f.declaration().traits().contains(FilterTrait.SELECTS_ENDPOINT)) {
                findings.error(OrderingRule.IRR_COEXISTENCE, f, null, describe(f) + " at " + graph.at(i) + " would "
                        + "pick an endpoint before " + irrName + " owns the exchange (expected: no top-level "
                        + "load_balancer beside an iterative_request_router; balance inside its steps, or in a "
                        + "direct branch with cluster_source: bound_upstream)");
            }
            if (firstRouter < 0 && f.declaration().traits().contains(FilterTrait.ROUTER)) {
                firstRouter = i;
            }
        }
        BindingFacts binding = graph.binding();
        if (firstRouter >= 0 && !binding.boundConsumerAfterRouter()) {
            int r = binding.router() >= 0 ? binding.router() : firstRouter;
            CompiledFilter router = graph.node(r);
            findings.error(OrderingRule.IRR_COEXISTENCE, router, null, describe(router) + " at " + graph.at(r)
                    + " shares the pipeline with " + irrName + ", but no load_balancer with cluster_source: "
                    + "bound_upstream runs after the router, so its cluster choice is ignored (expected: a bound "
                    + "load_balancer after the router, in a direct branch or in an iterative_request_router step, "
                    + "or no router)");
        }
    }
}
