package io.jpraxis.core.pipeline.check;

import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BindingScan;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.Rejoin;
import io.jpraxis.core.pipeline.RequestBodyPhase;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The top-level control-flow graph of one listener's pipeline (see
 * docs/behaviour/ordering-checks.md#the-control-flow-graph), built once after compile. Nodes are
 * the top-level filters (index = position) plus the end of the pipeline at {@link #end()}. A filter
 * falls through to the next unless it is unconditional and either always answers or has an
 * unconditional branch that rejoins {@code terminal} or skips forward; every top-level branch adds
 * its jump (skip or re-entrance) and every terminal branch an edge to the end. Branch sub-chains
 * are not nodes: their jumps are discarded at runtime (see
 * docs/behaviour/branches.md#how-branches-run).
 */
public final class FlowGraph {
    private final String listener;
    private final List<CompiledFilter> nodes;
    private final List<FallThroughCut> cuts;
    private final List<FlowEdge> edges;
    private final boolean[] reachable;
    private final Map<String, List<ConditionConfig>> chainConditions;
    private final boolean preReads;
    /** Feature bound-upstream-request-body: bound-upstream body declarations take effect. */
    private final boolean boundBodyHook;
    /** A nested pipeline running under its parent's frozen binding (an IRR step). */
    private final boolean inheritsBinding;
    /** A nested pipeline, whose name ({@link #listener()}) says what it is ({@code step 'retry'}). */
    private final boolean nested;
    /** Computed on first use by the binding families; one graph is checked on one thread. */
    private BindingFacts binding;

    private FlowGraph(String listener, List<CompiledFilter> nodes, List<FallThroughCut> cuts, List<FlowEdge> edges,
            Map<String, List<ConditionConfig>> chainConditions, boolean preReads, boolean boundBodyHook,
            boolean inheritsBinding, boolean nested) {
        this.boundBodyHook = boundBodyHook;
        this.listener = listener;
        this.inheritsBinding = inheritsBinding;
        this.nested = nested;
        this.preReads = preReads;
        this.nodes = List.copyOf(nodes);
        this.cuts = cuts;
        this.edges = List.copyOf(edges);
        this.chainConditions = Map.copyOf(chainConditions);
        this.reachable = reach();
    }

    /**
     * The graph of {@code pipeline}; {@code chainConditions} maps each named chain to the
     * conditions that gate its entries (see docs/behaviour/config-loading.md#named-chains), so
     * checks see a filter's whole gate.
     */
    public static FlowGraph of(CompiledPipeline pipeline, Map<String, List<ConditionConfig>> chainConditions) {
        return build(pipeline, chainConditions, false, false);
    }

    /**
     * The graph of a nested pipeline (its entries carry no chain conditions); with {@code
     * inheritsBinding} every filter counts as bound and any binding publisher in a pipeline that
     * reads the binding is an error (R2 and R3 inside an IRR step; see
     * docs/behaviour/binding.md#binding-rules).
     */
    public static FlowGraph nested(CompiledPipeline pipeline, boolean inheritsBinding) {
        return build(pipeline, Map.of(), inheritsBinding, true);
    }

    /** As {@link #nested(CompiledPipeline, boolean)} for a nested pipeline made of a named chain, whose conditions gate it. */
    public static FlowGraph nested(CompiledPipeline pipeline, boolean inheritsBinding,
            Map<String, List<ConditionConfig>> chainConditions) {
        return build(pipeline, chainConditions, inheritsBinding, true);
    }

    private static FlowGraph build(CompiledPipeline pipeline, Map<String, List<ConditionConfig>> chainConditions,
            boolean inheritsBinding, boolean nested) {
        List<CompiledFilter> nodes = pipeline.filters();
        List<FallThroughCut> cuts = new ArrayList<>(nodes.size());
        List<FlowEdge> edges = new ArrayList<>();
        int end = nodes.size();
        for (int i = 0; i < nodes.size(); i++) {
            CompiledFilter f = nodes.get(i);
            FallThroughCut cut = cutAfter(f);
            cuts.add(cut);
            if (cut == null) {
                edges.add(FlowEdge.fallThrough(i, i + 1));
            }
            for (BranchSpec b : f.branches()) {
                switch (b.rejoin()) {
                    case Rejoin.Next n -> {
                        // Next goes on with the following sibling, then the fall-through: no edge of its own.
                    }
                    case Rejoin.Terminal t -> edges.add(new FlowEdge(i, end, FlowEdge.Kind.TERMINAL, b.name(), 0));
                    case Rejoin.SkipTo s -> edges.add(new FlowEdge(i, s.target(), FlowEdge.Kind.SKIP_TO, b.name(), 0));
                    case Rejoin.ReEnter r -> edges.add(new FlowEdge(i, r.target(), FlowEdge.Kind.RE_ENTER, b.name(),
                            b.maxIterations()));
                }
            }
        }
        return new FlowGraph(pipeline.listener(), nodes, cuts, edges, chainConditions, pipeline.body().preReads(),
                pipeline.body().boundBodyHook(), inheritsBinding, nested);
    }

    /** Why {@code f} never falls through, or null when it may. */
    private static FallThroughCut cutAfter(CompiledFilter f) {
        if (f.conditional()) {
            return null; // skipping it falls through, whatever it would do
        }
        if (f.declaration().traits().contains(FilterTrait.ALWAYS_ANSWERS)) {
            return new FallThroughCut.Answers();
        }
        for (BranchSpec b : f.branches()) {
            // An unconditional re-entrance stops firing after max_iterations and then falls through.
            if (b.unconditional() && (b.rejoin() instanceof Rejoin.Terminal || b.rejoin() instanceof Rejoin.SkipTo)) {
                return new FallThroughCut.LeavingBranch(b);
            }
        }
        return null;
    }

    private boolean[] reach() {
        boolean[] seen = new boolean[nodes.size() + 1];
        if (nodes.isEmpty()) {
            seen[0] = true; // an empty pipeline goes straight to its end
            return seen;
        }
        // Edges are grouped by source (each filter's come together, in order), so one pass finds each group.
        int[] firstEdge = new int[nodes.size() + 1];
        Arrays.fill(firstEdge, -1);
        for (int k = edges.size() - 1; k >= 0; k--) {
            firstEdge[edges.get(k).from()] = k;
        }
        Deque<Integer> work = new ArrayDeque<>();
        seen[0] = true;
        work.add(0);
        while (!work.isEmpty()) {
            int at = work.poll();
            for (int k = firstEdge[at]; k >= 0 && k < edges.size() && edges.get(k).from() == at; k++) {
                FlowEdge e = edges.get(k);
                if (!seen[e.to()]) {
                    seen[e.to()] = true;
                    work.add(e.to());
                }
            }
        }
        return seen;
    }

    public String listener() {
        return listener;
    }

    /** The top-level filters, in pipeline order. */
    public List<CompiledFilter> nodes() {
        return nodes;
    }

    public CompiledFilter node(int index) {
        return nodes.get(index);
    }

    public int size() {
        return nodes.size();
    }

    /** The index of the end node: the pipeline forwards (or answers 500 when nothing was chosen). */
    public int end() {
        return nodes.size();
    }

    /** Every edge: for each filter in order, its fall-through first, then its branches' in declaration order. */
    public List<FlowEdge> edges() {
        return edges;
    }

    /** Whether some request path from the first filter reaches {@code index} (the end included). */
    public boolean reachable(int index) {
        return reachable[index];
    }

    /** Why the filter at {@code index} never falls through to the next. */
    public Optional<FallThroughCut> cut(int index) {
        return Optional.ofNullable(cuts.get(index));
    }

    /**
     * Every condition gating {@code f}: its chain's first, then its own (see
     * docs/behaviour/config-loading.md#named-chains).
     */
    public List<ConditionConfig> gate(CompiledFilter f) {
        List<ConditionConfig> chain = chainConditions.getOrDefault(f.chain(), List.of());
        if (chain.isEmpty()) {
            return f.entry().conditions();
        }
        List<ConditionConfig> all = new ArrayList<>(chain);
        all.addAll(f.entry().conditions());
        return all;
    }

    /**
     * The conditions each named chain puts on its entries (see
     * docs/behaviour/config-loading.md#named-chains).
     */
    Map<String, List<ConditionConfig>> chainConditions() {
        return chainConditions;
    }

    /**
     * Whether the pipeline reads each request body whole before the request phase (pre-read; see
     * docs/behaviour/body-access.md#access-and-delivery-modes).
     */
    public boolean preReads() {
        return preReads;
    }

    /** Whether feature bound-upstream-request-body is on, so bound-upstream body declarations count. */
    public boolean boundBodyHook() {
        return boundBodyHook;
    }

    /**
     * {@code f}'s effective request-body phase (see
     * docs/behaviour/binding.md#the-bound-body-barrier).
     */
    public RequestBodyPhase bodyPhase(CompiledFilter f) {
        return RequestBodyPhase.of(f.declaration(), BindingScan.hasBoundCondition(gate(f)), boundBodyHook);
    }

    /** Whether this is a nested pipeline under its parent's frozen binding (an IRR step). */
    public boolean inheritsBinding() {
        return inheritsBinding;
    }

    /** The pipeline's logical binding: whether it binds, its binding router, catalog and reachability. */
    BindingFacts binding() {
        if (binding == null) {
            binding = BindingFacts.of(this);
        }
        return binding;
    }

    /** {@code position 3 of listener 'web'}; in a nested pipeline {@code position 1 of step 'retry'}. */
    public String at(int index) {
        return "position " + index + " of " + (nested ? listener : "listener '" + listener + "'");
    }

    /** {@code rate_limit 'edge'}: the filter type and, when set, the entry name. */
    public static String describe(CompiledFilter f) {
        String name = f.entry().name();
        return f.filter().type() + (name == null ? "" : " '" + name + "'");
    }
}
