package io.jpraxis.core.pipeline.check;

import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.core.binding.ClusterCatalog;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BindingScan;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.RequestBodyPhase;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * What the binding rule families (see docs/behaviour/binding.md#binding-rules) share about one
 * pipeline: whether it binds, its publishers and binding router (the first top-level router
 * reachable from the entry, else the first one), the clusters that router can bind, the catalog,
 * and the top-level filters a request reaches without passing the router (edges leaving the router
 * removed, but its fall-through kept when it is conditional, since skipping it binds nothing; see
 * docs/behaviour/ordering-checks.md#the-control-flow-graph).
 */
final class BindingFacts {
    private final FlowGraph graph;
    private final boolean usesBinding;
    private final ClusterCatalog catalog;
    private final List<Integer> publishers;
    private final int router;
    private final List<String> bindable;
    private final List<List<FlowEdge>> out;
    private final boolean[] unbound;
    private final boolean[] afterRouter;
    private List<ClusterCoverage> coverage;
    private int coverageVisits;
    private final Map<String, List<CompiledFilter>> irrsReached = new HashMap<>();

    private BindingFacts(FlowGraph graph) {
        this.graph = graph;
        BindingScan scan = BindingScan.of(graph.nodes(), graph.chainConditions(), graph.boundBodyHook());
        this.usesBinding = scan.usesBinding();
        this.catalog = scan.catalog();
        this.out = adjacency(graph);
        this.publishers = new ArrayList<>();
        for (int i = 0; i < graph.size(); i++) {
            if (graph.node(i).declaration().traits().contains(FilterTrait.ROUTER)) {
                publishers.add(i);
            }
        }
        // Under an inherited binding no router here binds (R3 refuses one), and every filter is bound.
        this.router = usesBinding && !graph.inheritsBinding() ? pickRouter(graph, publishers) : -1;
        this.bindable = router < 0 ? List.of()
                : List.copyOf(new LinkedHashSet<>(graph.node(router).declaration().clusters().selectable()));
        this.unbound = graph.inheritsBinding() ? new boolean[graph.size() + 1] : reach(0, router);
        this.afterRouter = router < 0 ? new boolean[graph.size() + 1] : reach(router, -1);
    }

    static BindingFacts of(FlowGraph graph) {
        return new BindingFacts(graph);
    }

    private static int pickRouter(FlowGraph graph, List<Integer> publishers) {
        for (int p : publishers) {
            if (graph.reachable(p)) {
                return p;
            }
        }
        return publishers.isEmpty() ? -1 : publishers.getFirst();
    }

    private static List<List<FlowEdge>> adjacency(FlowGraph graph) {
        List<List<FlowEdge>> adj = new ArrayList<>();
        for (int i = 0; i <= graph.size(); i++) {
            adj.add(new ArrayList<>());
        }
        graph.edges().forEach(e -> adj.get(e.from()).add(e));
        return adj;
    }

    /**
     * The positions reachable from {@code start} (itself included); when {@code cut} is a filter,
     * its outgoing edges are dropped except its fall-through while it is conditional.
     */
    boolean[] reach(int start, int cut) {
        boolean[] seen = new boolean[graph.size() + 1];
        if (graph.size() == 0) {
            seen[0] = true;
            return seen;
        }
        Deque<Integer> work = new ArrayDeque<>();
        seen[start] = true;
        work.add(start);
        while (!work.isEmpty()) {
            int at = work.poll();
            for (FlowEdge e : out.get(at)) {
                boolean kept = at != cut || (e.kind() == FlowEdge.Kind.FALL_THROUGH && graph.node(at).conditional());
                if (kept && !seen[e.to()]) {
                    seen[e.to()] = true;
                    work.add(e.to());
                }
            }
        }
        return seen;
    }

    /**
     * Whether some filter reads the binding, so its routers publish one (see
     * docs/behaviour/binding.md#when-a-pipeline-binds).
     */
    boolean usesBinding() {
        return usesBinding;
    }

    /** Every load balancer's cluster declarations (first wins). */
    ClusterCatalog catalog() {
        return catalog;
    }

    /** Top-level positions of the filters that can publish a binding (routers), in order. */
    List<Integer> publishers() {
        return publishers;
    }

    /** The binding router's position, or -1 when the pipeline does not bind or has no router. */
    int router() {
        return router;
    }

    /** The clusters the binding router can bind, each once, in route order. */
    List<String> bindable() {
        return bindable;
    }

    /** The catalog tags of {@code cluster}; a cluster no load balancer declares has none. */
    ClusterTags tags(String cluster) {
        return catalog.tags(cluster).orElse(ClusterTags.NONE);
    }

    /** Whether some request reaches top-level {@code index} without having passed the binding router. */
    boolean reachedUnbound(int index) {
        return unbound[index];
    }

    /** Whether top-level {@code index} runs on some path after the binding router ran (the router included). */
    boolean afterRouter(int index) {
        return afterRouter[index];
    }

    /** A load balancer reading the binding ({@code cluster_source: bound_upstream}). */
    static boolean boundLoadBalancer(CompiledFilter f) {
        return f.declaration().traits().contains(FilterTrait.READS_BINDING)
                && f.declaration().traits().contains(FilterTrait.SELECTS_ENDPOINT);
    }

    /** Whether {@code f} has a {@code bound_upstream} predicate in its gate (chain conditions included). */
    boolean boundCondition(CompiledFilter f) {
        return BindingScan.hasBoundCondition(graph.gate(f));
    }

    /**
     * Why {@code f} needs a binding, as the error names it (R2; see
     * docs/behaviour/binding.md#binding-rules), or an empty list when it does not read one.
     */
    List<String> consumerReasons(CompiledFilter f) {
        List<String> reasons = new ArrayList<>();
        if (boundCondition(f)) {
            reasons.add("a bound_upstream condition");
        }
        if (boundLoadBalancer(f)) {
            reasons.add("a bound_upstream load balancer");
        } else if (f.declaration().traits().contains(FilterTrait.READS_BINDING)) {
            reasons.add("it reads the logical binding");
        }
        if (graph.bodyPhase(f) == RequestBodyPhase.BARRIER) {
            reasons.add("a bound-upstream request-body hook");
        }
        List<String> steps = f.declaration().nested().bindingReaders();
        if (steps.size() == 1) {
            reasons.add("nested step '" + steps.getFirst() + "' reads the logical binding");
        } else if (steps.size() > 1) {
            reasons.add("nested steps '" + String.join("', '", steps) + "' read the logical binding");
        }
        return reasons;
    }

    /** The {@code bound_upstream} conditions of {@code f}'s gate, for R8. */
    List<ConditionConfig> boundConditions(CompiledFilter f) {
        List<ConditionConfig> out = new ArrayList<>();
        for (ConditionConfig c : graph.gate(f)) {
            if (c.predicate().boundUpstream() != null) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * Whether a bound consumer that selects an endpoint runs on some path after the binding router:
     * a bound load balancer at the top level or in a branch at any depth (conditional branches
     * included), or an IRR whose steps read the binding. An IRR's own branches count only when it
     * fails open (they are its fallback); other answering filters never reach their branches.
     */
    boolean boundConsumerAfterRouter() {
        if (router < 0) {
            return false;
        }
        for (int i = 0; i < graph.size(); i++) {
            if (afterRouter[i] && graph.reachable(i) && selectsFromBinding(graph.node(i))) {
                return true;
            }
        }
        return false;
    }

    private static boolean selectsFromBinding(CompiledFilter f) {
        if (boundLoadBalancer(f) || !f.declaration().nested().bindingReaders().isEmpty()) {
            return true;
        }
        boolean answers = f.declaration().traits().contains(FilterTrait.ALWAYS_ANSWERS);
        boolean fallsBack = f.declaration().traits().contains(FilterTrait.ITERATIVE_ROUTER)
                && f.failureMode() == FilterEntryConfig.FailureMode.OPEN;
        if (answers && !fallsBack) {
            return false;
        }
        for (BranchSpec b : f.branches()) {
            for (CompiledFilter inner : b.filters()) {
                if (selectsFromBinding(inner)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * How each bindable cluster's requests end (R6), computed on first use; empty when there is no
     * binding router.
     */
    List<ClusterCoverage> coverage() {
        if (coverage == null) {
            List<ClusterCoverage> out = new ArrayList<>();
            for (String cluster : bindable) {
                ClusterScan scan = ClusterScan.run(graph, router, cluster, tags(cluster));
                coverageVisits += scan.visits();
                irrsReached.put(cluster, scan.iterativeRouters());
                out.add(scan.coverage());
            }
            coverage = List.copyOf(out);
        }
        return coverage;
    }

    /** The iterative request routers requests bound to {@code cluster} reach, in the order found (R9). */
    List<CompiledFilter> iterativeRoutersReachedBy(String cluster) {
        coverage();
        return irrsReached.getOrDefault(cluster, List.of());
    }

    /** The filters the coverage scans processed, over every cluster (for tests that bound the work). */
    int coverageVisits() {
        coverage();
        return coverageVisits;
    }

    /** {@code router 'routing' at position 0}, for messages. */
    String routerName() {
        return FlowGraph.describe(graph.node(router)) + " at position " + router;
    }
}
