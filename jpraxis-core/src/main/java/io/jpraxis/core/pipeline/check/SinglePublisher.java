package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.Rejoin;
import java.util.Set;

/**
 * R3 (see docs/behaviour/binding.md#binding-rules), only in a pipeline that binds: exactly one
 * binding router. Another top-level router would publish a second binding, a router in a branch one
 * that is not request-scoped, and a re-entrance that can run the router again would try to rebind
 * after the freeze (a 500 at runtime). Unlike {@code duplicate_routers} this has no skip flag. A
 * publisher inside an {@code iterative_request_router} step is refused by the IRR's own step checks
 * (R9).
 */
final class SinglePublisher implements RuleFamily {

    @Override
    public Set<OrderingRule> checks() {
        return Set.of(OrderingRule.SINGLE_BINDING_PUBLISHER);
    }

    @Override
    public void run(FlowGraph graph, Findings findings) {
        BindingFacts binding = graph.binding();
        if (!binding.usesBinding()) {
            return;
        }
        if (graph.inheritsBinding()) {
            inStep(graph, findings);
            return;
        }
        for (int p : binding.publishers()) {
            if (p != binding.router()) {
                CompiledFilter f = graph.node(p);
                findings.error(OrderingRule.SINGLE_BINDING_PUBLISHER, f, null, describe(f) + " at " + graph.at(p)
                        + " publishes a second logical upstream binding besides " + binding.routerName()
                        + " (expected: exactly one binding router; merge the routes into it)");
            }
        }
        BranchSlot.forEach(graph, slot -> {
            CompiledFilter f = slot.filter();
            if (f.declaration().traits().contains(FilterTrait.ROUTER)) {
                findings.error(OrderingRule.SINGLE_BINDING_PUBLISHER, f, slot.branch(), describe(f) + " in branch '"
                        + slot.branch().name() + "' of listener '" + graph.listener() + "' would publish the logical "
                        + "binding inside a branch (expected: the request-scoped binding router at the top level, "
                        + "before the branch)");
            }
        });
        if (binding.router() >= 0) {
            reEntrances(graph, binding, findings);
        }
    }

    /**
     * A nested pipeline that reads its parent's binding may hold no router at all (see
     * docs/behaviour/binding.md#the-freeze); one that ignores the binding keeps its exchange-local
     * router (see docs/behaviour/iterative-router.md#step-checks).
     */
    private static void inStep(FlowGraph graph, Findings findings) {
        for (int i = 0; i < graph.size(); i++) {
            CompiledFilter f = graph.node(i);
            if (f.declaration().traits().contains(FilterTrait.ROUTER)) {
                findings.error(OrderingRule.SINGLE_BINDING_PUBLISHER, f, null, describe(f) + " at position " + i
                        + " would publish a logical upstream binding inside an iterative_request_router step that "
                        + "reads the binding, which inherits its parent's binding (expected: no router in a step "
                        + "that reads the binding; a bound load_balancer needs none)");
            }
        }
        BranchSlot.forEach(graph, slot -> {
            if (slot.filter().declaration().traits().contains(FilterTrait.ROUTER)) {
                findings.error(OrderingRule.SINGLE_BINDING_PUBLISHER, slot.filter(), slot.branch(),
                        describe(slot.filter()) + " in branch '" + slot.branch().name() + "' would publish a logical "
                                + "upstream binding inside an iterative_request_router step, which inherits its "
                                + "parent's binding (expected: no router in a step that reads the binding)");
            }
        });
    }

    private static void reEntrances(FlowGraph graph, BindingFacts binding, Findings findings) {
        for (int h = 0; h < graph.size(); h++) {
            if (!binding.afterRouter(h)) {
                continue; // no bound request runs this host's branches
            }
            CompiledFilter host = graph.node(h);
            for (BranchSpec b : host.branches()) {
                if (b.rejoin() instanceof Rejoin.ReEnter r && binding.reach(r.target(), -1)[binding.router()]) {
                    findings.branchError(OrderingRule.SINGLE_BINDING_PUBLISHER, host, b, "branch '" + b.name()
                            + "' of " + describe(host) + " at " + graph.at(h) + " re-enters at position " + r.target()
                            + ", where " + binding.routerName() + " runs again after its binding froze (expected: "
                            + "re-enter after the router)");
                }
            }
        }
    }
}
