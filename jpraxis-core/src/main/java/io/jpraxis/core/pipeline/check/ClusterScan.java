package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.branch.BranchSpec;
import io.jpraxis.core.pipeline.branch.Rejoin;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The path model of binding coverage (spec 6.9, R6) for one bindable cluster: every path from the
 * binding router onward must end at a load balancer that serves the cluster or at a filter that
 * always answers. Gates are decided per cluster ({@link ClusterGate}); a load balancer ends the
 * path (served when it declares the cluster: a bound one reads the binding, an ordinary one the
 * router's {@code ctx.cluster}; its {@code failure_mode} is not modeled); a filter that may answer
 * adds an answered ending and the path goes on; branches follow spec 2.5 (top-level skips and
 * re-entrances move the walk, nested ones end the branch pass, a nested {@code terminal} fails, a
 * top-level {@code terminal} reached with nothing served fails); an IRR that fails open falls back
 * through its unconditional branches; falling off the end fails.
 *
 * <p>Once a load balancer ends a path, nothing later changes its verdict, so the only state is the
 * position: each top-level filter is processed at most once per cluster (re-entrances and many
 * optional skips cost no more than the graph's size), and each branch sub-chain is walked once
 * with its host.
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
    private int visits;

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
        if (branches(graph.node(router), true, t)) {
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
        if (ran(f, true, "at position " + i, t)) {
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

    /** Runs {@code f}, its gate passed; returns whether the path goes on to the filter after it. */
    private boolean ran(CompiledFilter f, boolean top, String where, Trail t) {
        var traits = f.filter().traits();
        if (traits.contains(FilterTrait.SELECTS_ENDPOINT)) {
            boolean bound = BindingFacts.boundLoadBalancer(f);
            if (f.filter().servedClusters().contains(cluster)) {
                served.putIfAbsent(describe(f) + " " + where, (bound ? "served by bound " : "served by ")
                        + describe(f) + " " + where + " (path " + t + ")");
            } else {
                fail("reaches " + (bound ? "bound " : "") + describe(f) + " " + where + ", which does not declare it",
                        t);
            }
            return false;
        }
        if (traits.contains(FilterTrait.ALWAYS_ANSWERS)) {
            served.putIfAbsent(describe(f) + " " + where, "answered by " + describe(f) + " " + where + " (path "
                    + t + ")");
            if (traits.contains(FilterTrait.ITERATIVE_ROUTER) && f.failureMode() == FailureMode.OPEN) {
                fallback(f, top, where, t);
            }
            return false; // answering built-ins never continue to their branches
        }
        if (traits.contains(FilterTrait.MAY_ANSWER)) {
            served.putIfAbsent(describe(f) + " " + where, "answered by " + describe(f) + " " + where
                    + " for some requests (path " + t + ")");
        }
        return branches(f, top, t);
    }

    /** Evaluates {@code host}'s branches in order; returns whether some path goes on past the host. */
    private boolean branches(CompiledFilter host, boolean top, Trail t) {
        boolean afterHost = false;
        for (BranchSpec b : host.branches()) {
            Trail in = t.then("branch '" + b.name() + "'");
            boolean goesOn = false;
            if (chain(b, in)) {
                switch (b.rejoin()) {
                    case Rejoin.Next n -> goesOn = true;
                    case Rejoin.Terminal x -> fail(top ? "leaves through branch '" + b.name() + "' (rejoin: terminal) "
                            + "with no load_balancer having served it" : "reaches nested branch '" + b.name()
                            + "' (rejoin: terminal), which fails the request with 500", in);
                    case Rejoin.SkipTo s -> {
                        if (top) {
                            enqueue(s.target(), in);
                        } else {
                            afterHost = true; // a nested jump is discarded: on after the host
                        }
                    }
                    case Rejoin.ReEnter r -> {
                        if (top) {
                            enqueue(r.target(), in);
                            goesOn = true; // once its max_iterations are spent it stops firing
                        } else {
                            afterHost = true;
                        }
                    }
                }
            }
            if (b.unconditional() && !goesOn) {
                return afterHost; // every request this far took it and left
            }
        }
        return true;
    }

    /** Walks a sub-chain; returns whether some path falls out of its end. */
    private boolean chain(BranchSpec b, Trail t) {
        for (CompiledFilter f : b.filters()) {
            visits++;
            ClusterGate gate = ClusterGate.of(graph.gate(f), tags);
            if (gate == ClusterGate.NEVER) {
                continue;
            }
            boolean goesOn = ran(f, false, "in branch '" + b.name() + "'", t);
            if (!goesOn && gate == ClusterGate.RUNS) {
                return false;
            }
        }
        return true;
    }

    /**
     * An IRR that fails open runs its unconditional branches (an error writes no results). A
     * request falling out of one reaches the next through {@code next} or a spent top-level
     * re-entrance; out of the last, or out of a branch-hosted IRR's, it fails (seed, "Known
     * limitations").
     */
    private void fallback(CompiledFilter irr, boolean top, String where, Trail t) {
        for (BranchSpec b : irr.branches()) {
            if (!b.unconditional()) {
                continue;
            }
            Trail in = t.then("fallback '" + b.name() + "'");
            if (!chain(b, in)) {
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
