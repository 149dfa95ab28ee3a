package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.Rejoin;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The path model of binding coverage (R6; see docs/behaviour/binding.md#binding-rules) for one
 * bindable cluster: every path from the binding router onward must end at a load balancer that
 * serves the cluster or at a filter that always answers. Gates are decided per cluster ({@link
 * ClusterGate}); a load balancer ends the path (served when it declares the cluster: a bound one
 * reads the binding, an ordinary one the router's {@code ctx.cluster}; its {@code failure_mode} is
 * not modeled); a filter that may answer adds an answered ending and the path goes on; branches
 * follow docs/behaviour/branches.md#how-branches-run (top-level skips and re-entrances move the
 * walk, nested ones end the branch pass, a nested {@code terminal} fails, a top-level {@code
 * terminal} reached with nothing served fails); an IRR that fails open falls back through its
 * unconditional branches; falling off the end fails.
 *
 * <p>Inside a branch, a load balancer that served the cluster does not end the walk of the
 * sub-chain: the rest of it still runs at runtime, and a nested {@code terminal} after the
 * selection fails the request with 500 ("a nested terminal after a selection is a failure"; see
 * docs/behaviour/binding.md#binding-rules). So a sub-chain walk carries a state mask (nothing
 * selected yet, or selected); once the top-level branch pass ends, a selected path counts as served
 * and ends, as a top-level load balancer's does.
 *
 * <p>Once a path is served at the top level, nothing later changes its verdict, so the only state
 * there is the position: each top-level filter is processed at most once per cluster
 * (re-entrances and many optional skips cost no more than the graph's size), and each branch
 * sub-chain is walked once with its host, for both states at once.
 */
final class ClusterScan {
    private final FlowGraph graph;
    private final String cluster;
    private final ClusterTags tags;
    private final boolean[] queued;
    private final Trail[] trails;
    private final Deque<Integer> work = new ArrayDeque<>();
    private final Map<String, String> served = new LinkedHashMap<>();
    private final Map<String, String> failures = new LinkedHashMap<>();
    private final List<CompiledFilter> iterativeRouters = new ArrayList<>();
    private int visits;
    /** Path states, as bits of a mask: no endpoint selected yet, or one selected inside a branch. */
    private static final int UNSELECTED = 1;
    private static final int SELECTED = 2;

    private ClusterScan(FlowGraph graph, String cluster, ClusterTags tags) {
        this.graph = graph;
        this.cluster = cluster;
        this.tags = tags;
        this.queued = new boolean[graph.size()];
        this.trails = new Trail[graph.size()];
    }

    /** Scans {@code cluster} from the binding router at {@code router}. */
    static ClusterScan run(FlowGraph graph, int router, String cluster, ClusterTags tags) {
        ClusterScan scan = new ClusterScan(graph, cluster, tags);
        scan.start(router);
        return scan;
    }

    private void start(int router) {
        Trail t = new Trail(String.valueOf(router), null);
        queued[router] = true;
        visits++;
        // The router ran and bound the cluster: its branches run after the freeze, then it falls through.
        if ((branches(graph.node(router), true, t, UNSELECTED) & UNSELECTED) != 0) {
            enqueue(router + 1, t);
        }
        while (!work.isEmpty()) {
            int i = work.poll();
            visits++;
            top(i, trails[i].then(String.valueOf(i)));
        }
    }

    private void top(int i, Trail t) {
        CompiledFilter f = graph.node(i);
        ClusterGate gate = ClusterGate.of(graph.gate(f), tags);
        if (gate != ClusterGate.RUNS) {
            enqueue(i + 1, t.then("(skipped)"));
            if (gate == ClusterGate.NEVER) {
                return;
            }
        }
        // A top-level path that selected an endpoint is served: only the unselected ones go on.
        if ((ran(f, true, "at position " + i, t, UNSELECTED) & UNSELECTED) != 0) {
            enqueue(i + 1, t);
        }
    }

    private void enqueue(int i, Trail t) {
        if (i == graph.end()) {
            fail("falls off the end of the pipeline with no load_balancer having served it", t.then("end"));
        } else if (!queued[i]) {
            queued[i] = true;
            trails[i] = t;
            work.add(i);
        }
    }

    /**
     * Runs {@code f}, its gate passed, for paths arriving in {@code states} (a mask of
     * {@link #UNSELECTED} and {@link #SELECTED}); returns the states in which some path goes on to
     * the filter after it (0 when every path ends here).
     */
    private int ran(CompiledFilter f, boolean top, String where, Trail t, int states) {
        var traits = f.declaration().traits();
        if (traits.contains(FilterTrait.SELECTS_ENDPOINT)) {
            // An upstream chosen already is left alone (see
            // docs/reference/filters/load_balancer.md#what-it-does): those paths go on as they were.
            int out = states & SELECTED;
            if ((states & UNSELECTED) == 0) {
                return out;
            }
            boolean bound = BindingFacts.boundLoadBalancer(f);
            if (!f.declaration().clusters().served().contains(cluster)) {
                fail("reaches " + (bound ? "bound " : "") + describe(f) + " " + where + ", which does not declare it",
                        t);
                return out;
            }
            served.putIfAbsent(describe(f) + " " + where, (bound ? "served by bound " : "served by ")
                    + describe(f) + " " + where + " (path " + t + ")");
            // At the top level the selection ends the path; in a branch the sub-chain still runs on,
            // and a nested terminal after it fails the request (see
            // docs/behaviour/branches.md#how-branches-run).
            return top ? out : out | SELECTED;
        }
        if (traits.contains(FilterTrait.ALWAYS_ANSWERS)) {
            served.putIfAbsent(describe(f) + " " + where, "answered by " + describe(f) + " " + where + " (path "
                    + t + ")");
            if (traits.contains(FilterTrait.ITERATIVE_ROUTER) && !iterativeRouters.contains(f)) {
                iterativeRouters.add(f); // its steps must serve the cluster too (R9, IrrStepCoverage)
            }
            // A request that already has an endpoint is served whatever the fallback does.
            if (traits.contains(FilterTrait.ITERATIVE_ROUTER) && f.failureMode() == FailureMode.OPEN
                    && (states & UNSELECTED) != 0) {
                fallback(f, top, where, t);
            }
            return 0; // answering built-ins never continue to their branches
        }
        if (traits.contains(FilterTrait.MAY_ANSWER)) {
            served.putIfAbsent(describe(f) + " " + where, "answered by " + describe(f) + " " + where
                    + " for some requests (path " + t + ")");
        }
        return branches(f, top, t, states);
    }

    /**
     * Evaluates {@code host}'s branches in order for requests arriving in {@code state}; returns the
     * states in which some path goes on past the host (0 when none does).
     */
    private int branches(CompiledFilter host, boolean top, Trail t, int state) {
        int current = state;
        int afterHost = 0;
        for (BranchSpec b : host.branches()) {
            Trail in = t.then("branch '" + b.name() + "'");
            int out = chain(b, in, current);
            int goesOn = 0;
            if (out != 0) {
                switch (b.rejoin()) {
                    case Rejoin.Next n -> goesOn = out;
                    case Rejoin.Terminal x -> {
                        if (!top) {
                            fail("reaches nested branch '" + b.name() + "' (rejoin: terminal), which fails the "
                                    + "request with 500", in);
                        } else if ((out & UNSELECTED) != 0) {
                            fail("leaves through branch '" + b.name() + "' (rejoin: terminal) with no "
                                    + "load_balancer having served it", in);
                        }
                    }
                    case Rejoin.SkipTo s -> {
                        if (!top) {
                            afterHost |= out; // a nested jump is discarded: on after the host
                        } else if ((out & UNSELECTED) != 0) {
                            enqueue(s.target(), in);
                        }
                    }
                    case Rejoin.ReEnter r -> {
                        if (!top) {
                            afterHost |= out;
                        } else {
                            if ((out & UNSELECTED) != 0) {
                                enqueue(r.target(), in);
                            }
                            goesOn = out; // once its max_iterations are spent it stops firing
                        }
                    }
                }
            }
            // Past an unconditional branch only what went on remains; past a conditional one, also
            // every request it did not fire for.
            current = b.unconditional() ? goesOn : current | goesOn;
            if (current == 0) {
                return afterHost; // every request this far took a branch and left
            }
        }
        return current | afterHost;
    }

    /** Walks a sub-chain entered in {@code state}; returns the states in which some path falls out of its end. */
    private int chain(BranchSpec b, Trail t, int state) {
        int states = state;
        for (CompiledFilter f : b.filters()) {
            visits++;
            ClusterGate gate = ClusterGate.of(graph.gate(f), tags);
            if (gate == ClusterGate.NEVER) {
                continue;
            }
            int out = ran(f, false, "in branch '" + b.name() + "'", t, states);
            states = gate == ClusterGate.RUNS ? out : states | out;
            if (states == 0) {
                return 0;
            }
        }
        return states;
    }

    /**
     * An IRR that fails open runs its unconditional branches (an error writes no results). A
     * request falling out of one reaches the next through {@code next} or a spent top-level
     * re-entrance; out of the last, or out of a branch-hosted IRR's, it fails (see
     * docs/behaviour/binding.md#known-limitations). A fallback branch that selected an endpoint
     * serves the request.
     */
    private void fallback(CompiledFilter irr, boolean top, String where, Trail t) {
        for (BranchSpec b : irr.branches()) {
            if (!b.unconditional()) {
                continue;
            }
            Trail in = t.then("fallback '" + b.name() + "'");
            if ((chain(b, in, UNSELECTED) & UNSELECTED) == 0) {
                return;
            }
            switch (b.rejoin()) {
                case Rejoin.Next n -> {
                }
                case Rejoin.ReEnter r when top -> enqueue(r.target(), in);
                case Rejoin.SkipTo s when top -> {
                    enqueue(s.target(), in);
                    return;
                }
                default -> {
                    fail("falls out of fallback branch '" + b.name() + "' of " + describe(irr) + " " + where
                            + (top ? "" : ", a branch-hosted iterative_request_router"), in);
                    return;
                }
            }
        }
        fail("falls out of the fallback branches of " + describe(irr) + " " + where + ", which fails open", t);
    }

    private void fail(String reason, Trail t) {
        failures.putIfAbsent(reason, reason + " (path " + t + ")");
    }

    /** Serving endings and failures found. */
    ClusterCoverage coverage() {
        return new ClusterCoverage(cluster, tags, new ArrayList<>(served.values()), new ArrayList<>(failures.values()));
    }

    /** The iterative request routers requests bound to the cluster reach, in the order found. */
    List<CompiledFilter> iterativeRouters() {
        return List.copyOf(iterativeRouters);
    }

    /** Top-level filters processed plus branch filters walked: bounded by the pipeline's size. */
    int visits() {
        return visits;
    }

    /** The way a path came, newest step last; shared tails keep it cheap. */
    private record Trail(String step, Trail before) {
        Trail then(String next) {
            return new Trail(next, this);
        }

        @Override
        public String toString() {
            List<String> steps = new ArrayList<>();
            for (Trail t = this; t != null; t = t.before) {
                steps.add(t.step);
            }
            return String.join(" -> ", steps.reversed());
        }
    }
}
