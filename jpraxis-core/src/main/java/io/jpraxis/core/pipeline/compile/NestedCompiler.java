package io.jpraxis.core.pipeline.compile;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.ChainRef;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.FilterChainConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.validate.BranchChecks;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.pipeline.BindingScan;
import io.jpraxis.core.pipeline.BodyPlan;
import io.jpraxis.core.pipeline.BodyPlanner;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.NestedPipelines;
import io.jpraxis.core.pipeline.PlacedEntry;
import io.jpraxis.core.pipeline.check.FlowGraph;
import io.jpraxis.core.pipeline.check.OrderingChecks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The pipeline compiler's {@link NestedPipelines}: compiles a nested pipeline with the parent
 * build's entry builder (registry and build context), named chains and instance budget, plans its
 * bodies, and runs the ordering checks on its own graph, strictly or under the operator's flags.
 * Its findings are collected apart and then reported under the nesting's label, so a step's
 * problem reads "invalid step 'S': ..." at the path of the entry that has it. Outbound chains are
 * resolved here too ({@link OutboundChains} holds what only they need).
 */
final class NestedCompiler implements NestedPipelines {
    private final Map<String, FilterChainConfig> chains;
    private final BuildBudget budget;
    private final BodyLimits limits;
    private final InsecureOptions options;
    private final boolean bindingOn;
    private final OutboundChains outbound;
    /** The loader's name, reference, cycle and count rules, continued over entries only the build reads. */
    private final BranchChecks ledger;
    /** Step entries already held to {@link #ledger}: an IRR expanded in several places claims its names once. */
    private final Set<FilterEntryConfig> ledgered = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Set once the build context that refers to this compiler exists (the two refer to each other). */
    private FilterEntryBuilder builder;

    /** {@code build} holds the whole build's findings, the loader's included. */
    NestedCompiler(Map<String, FilterChainConfig> chains, BuildBudget budget, BodyLimits limits,
            InsecureOptions options, boolean bindingOn, BranchChecks ledger, Diagnostics build) {
        this.outbound = new OutboundChains(build);
        this.ledger = ledger;
        this.chains = chains;
        this.budget = budget;
        this.limits = limits;
        this.options = options;
        this.bindingOn = bindingOn;
    }

    void attach(FilterEntryBuilder entryBuilder) {
        this.builder = entryBuilder;
    }

    @Override
    public Optional<CompiledPipeline> build(Nesting nesting, List<FilterEntryConfig> entries, Diagnostics out) {
        // Nested entries stand in their host's chain (for diagnostics); they carry no chain conditions.
        FilterScope parent = out.scope();
        String chain = parent == null || parent.chain() == null ? nesting.name() : parent.chain();
        FilterScope scope = new FilterScope(null, null, chain, parent == null ? null : parent.branch());
        List<PlacedEntry> placed = new ArrayList<>(entries.size());
        for (FilterEntryConfig e : entries) {
            placed.add(new PlacedEntry(e, List.of(), chain, scope, List.of()));
        }
        // The loader cannot read a filter's own options, so these entries' outbound chains (and the
        // branches inside inline ones) meet its name, reference, cycle and count rules here.
        List<FilterEntryConfig> unseen = entries.stream().filter(ledgered::add).toList();
        Diagnostics names = new Diagnostics();
        ledger.nested(unseen, scope, names);
        relabel(nesting, names, out);
        return compile(nesting, placed, Map.of(), out);
    }

    @Override
    public Optional<CompiledPipeline> bindChain(ChainRef ref, Diagnostics out) {
        List<PlacedEntry> placed = new ArrayList<>();
        Map<String, List<ConditionConfig>> chainConditions;
        String name;
        switch (ref) {
            case ChainRef.Named named -> {
                FilterChainConfig chain = chains.get(named.chain());
                if (chain == null) {
                    return Optional.empty(); // reported by the loader, or by build() for a step's entries
                }
                name = chain.name();
                chainConditions = Map.of(name, chain.conditions());
                for (FilterEntryConfig e : chain.filters()) {
                    placed.add(new PlacedEntry(e, chain.conditions(), name, FilterScope.chain(name), List.of()));
                }
            }
            case ChainRef.Inline inline -> {
                name = inline.name();
                chainConditions = Map.of();
                FilterScope parent = out.scope();
                FilterScope scope = new FilterScope(null, null, name, parent == null ? null : parent.branch());
                for (FilterEntryConfig e : inline.filters()) {
                    placed.add(new PlacedEntry(e, List.of(), name, scope, List.of()));
                }
            }
        }
        Nesting nesting = Nesting.outbound(name, ref.source().path(), ref.source().line());
        if (!outbound.enter(ref, name, out)) {
            return Optional.empty();
        }
        try {
            return compile(nesting, placed, chainConditions, out);
        } finally {
            outbound.leave();
        }
    }

    private Optional<CompiledPipeline> compile(Nesting nesting, List<PlacedEntry> placed,
            Map<String, List<ConditionConfig>> chainConditions, Diagnostics out) {
        Diagnostics local = new Diagnostics();
        boolean separateRequest = !nesting.inheritsBinding();
        if (separateRequest) {
            OutboundChains.refuseTcpFilters(placed, local);
        }
        LevelCompiler levels = new LevelCompiler(builder, chains, budget, local);
        List<CompiledFilter> filters = levels.compilePipeline(placed, nesting.name());
        refuseBodyHooks(filters, local);
        BodyPlan body = BodyPlanner.plan(filters, limits, options.allowUnboundedBody(), levels.conditionedHeaders(),
                local, placed::get, true); // body-hook filters, bound-body participants included, are refused above
        // An outbound chain decides with its own catalog whether it binds (see
        // docs/behaviour/binding.md#when-a-pipeline-binds): a separate request.
        CompiledPipeline pipeline = new CompiledPipeline(nesting.name(), filters, body,
                bindingOn ? BindingScan.of(filters, chainConditions) : BindingScan.NONE);
        if (separateRequest) {
            OutboundChains.refuseLocalAnswers(pipeline, local);
            if (!local.hasErrors()) {
                OutboundChains.requireEndpoint(pipeline, nesting, local);
            }
        }
        if (!local.hasErrors()) {
            InsecureOptions checkOptions = nesting.strict() ? InsecureOptions.NONE : options;
            new OrderingChecks(checkOptions).run(FlowGraph.nested(pipeline, nesting.inheritsBinding(), chainConditions),
                    local);
        }
        relabel(nesting, local, out);
        if (local.hasErrors()) {
            pipeline.close();
            return Optional.empty();
        }
        return Optional.of(pipeline);
    }

    /** Reports {@code found} to {@code out} under the nesting's label ("invalid step 'S': ..."). */
    private static void relabel(Nesting nesting, Diagnostics found, Diagnostics out) {
        for (Diagnostic d : found.all()) {
            String message = nesting.label() + ": " + d.message();
            out.add(switch (d) {
                case Diagnostic.Error e -> new Diagnostic.Error(e.path(), e.line(), message, e.scope());
                case Diagnostic.Warning w -> new Diagnostic.Warning(w.path(), w.line(), message, w.scope());
            });
        }
    }

    /**
     * Body hooks run on the listener's exchange (pre-read, streaming); a nested exchange is sent
     * with the body already in hand, and jpraxis runs no body hooks there, so a filter that would
     * count on them is refused rather than silently never called.
     */
    private static void refuseBodyHooks(List<CompiledFilter> filters, Diagnostics d) {
        for (CompiledFilter f : filters) {
            if (f.declaration().requestBody().access() != BodyAccess.NONE || f.declaration().responseBody().access() != BodyAccess.NONE
                    || f.declaration().boundUpstream().bodyAccess() != BodyAccess.NONE) { // steps inherit a frozen binding
                d.scoped(new FilterScope(f.filter().type(), f.entry().name(), f.chain(), null))
                        .error(f.entry().source().path().key("filter"), f.entry().source().line(), f.filter().type()
                                + " declares body access, but body hooks do not run in nested pipelines in jpraxis "
                                + "(expected: a filter without request or response body access)");
            }
        }
    }
}
