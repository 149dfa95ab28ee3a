package io.jpraxis.core.pipeline.compile;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.FilterChainConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.ListenerConfig;
import io.jpraxis.config.validate.BranchChecks;
import io.jpraxis.core.filter.FilterTimings;
import io.jpraxis.core.pipeline.BindingScan;
import io.jpraxis.core.pipeline.BodyPlan;
import io.jpraxis.core.pipeline.BodyPlanner;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.PlacedEntry;
import io.jpraxis.core.pipeline.check.FlowGraph;
import io.jpraxis.core.pipeline.check.MatcherDeclarations;
import io.jpraxis.core.pipeline.check.OrderingChecks;
import io.jpraxis.core.pipeline.check.PipelineReport;
import io.jpraxis.core.pipeline.check.ProviderBoundaryCheck;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterStates;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Phase 3: flattens each listener's chains into one pipeline, reads and declares every filter
 * entry through its factory (which validates its own config), compiles conditions and branches,
 * then runs the ordering checks over each pipeline's control-flow graph. {@link #compile} then
 * creates the runtime filters and the clusters' live state, for serving; {@link #validate} stops
 * before that. Reports every problem; builds nothing that binds sockets.
 */
public final class PipelineCompiler {
    /**
     * Filter instances one build may materialize, branch expansions included (see
     * docs/behaviour/limits.md#the-limits-table).
     */
    public static final int MAX_FILTER_INSTANCES = BuildBudget.MAX_FILTER_INSTANCES;

    private final FilterRegistry registry;
    private final FeatureSet features;
    private final RuntimeServices services;
    private final int instanceLimit;
    /** Where hook timings go when a config turns {@code metrics.filter_duration} on; null: never timed. */
    private final FilterTimings timings;

    public PipelineCompiler(FilterRegistry registry, FeatureSet features, RuntimeServices services) {
        this(registry, features, services, MAX_FILTER_INSTANCES, null);
    }

    /** With a smaller instance budget (tests). */
    PipelineCompiler(FilterRegistry registry, FeatureSet features, RuntimeServices services, int instanceLimit) {
        this(registry, features, services, instanceLimit, null);
    }

    private PipelineCompiler(FilterRegistry registry, FeatureSet features, RuntimeServices services,
            int instanceLimit, FilterTimings timings) {
        this.registry = registry;
        this.features = features;
        this.services = services;
        this.instanceLimit = instanceLimit;
        this.timings = timings;
    }

    /**
     * This compiler, timing every filter hook into {@code timings} for a config with
     * {@code metrics.filter_duration: true} (see docs/behaviour/metrics.md#filter-timings).
     */
    public PipelineCompiler timingFiltersInto(FilterTimings timings) {
        return new PipelineCompiler(registry, features, services, instanceLimit, timings);
    }

    /** Compiles {@code config} for serving, adding to {@code diagnostics} (which may already hold load findings). */
    public CompileResult compile(GatewayConfig config, Diagnostics diagnostics) {
        return compile(config, diagnostics, true);
    }

    /**
     * Reads, declares and checks {@code config} as {@link #compile} does, with the same
     * diagnostics, but creates no runtime filter and no cluster state: the gateway it returns
     * holds stand-ins that must never serve (for {@code validate}).
     */
    public CompileResult validate(GatewayConfig config, Diagnostics diagnostics) {
        return compile(config, diagnostics, false);
    }

    private CompileResult compile(GatewayConfig config, Diagnostics diagnostics, boolean createFilters) {
        Map<String, FilterChainConfig> chains = new LinkedHashMap<>();
        for (FilterChainConfig chain : config.filterChains()) {
            chains.putIfAbsent(chain.name(), chain); // a duplicate name was refused at load
        }
        // A load error under filter_chains may have dropped an entry (a load balancer among them).
        boolean entriesDroppedAtLoad = diagnostics.errors().stream()
                .anyMatch(d -> d.path().toString().startsWith("filter_chains"));
        BuildBudget budget = new BuildBudget(diagnostics, instanceLimit);
        // Nested pipelines (IRR steps) share this build's registry, chains, budget and context.
        BranchChecks ledger = BranchChecks.forBuild(config.filterChains(), config.listeners());
        NestedCompiler nested = new NestedCompiler(chains, budget, config.bodyLimits(), config.insecureOptions(),
                features.has(Feature.UPSTREAM_BINDING), ledger, diagnostics);
        FilterReadContext readContext = new FilterReadContext(features, config.insecureOptions(), config.bodyLimits(),
                config.clusters(), nested, null, config.runtime());
        FilterBuildContext context = null;
        if (createFilters) {
            context = new FilterBuildContext(readContext, services, new ClusterStates());
            config.clusters().forEach(context.clusterStates()::stateFor);
        }
        FilterTimings timed = createFilters && config.metrics().filterDuration() ? timings : null;
        FilterEntryBuilder builder = new FilterEntryBuilder(registry, readContext, context, timed);
        nested.attach(builder);
        Map<String, List<ConditionConfig>> chainConditions = chainConditions(config);
        LevelCompiler levels = new LevelCompiler(builder, chains, budget, diagnostics);
        List<CompiledGateway.Listener> listeners = new ArrayList<>();
        for (ListenerConfig listener : config.listeners()) {
            if (context != null) {
                context.exports().beginPipeline(); // each listener's filters share only among themselves
            }
            List<PlacedEntry> entries = flatten(listener, chains);
            List<CompiledFilter> filters = levels.compilePipeline(entries, listener.name());
            BodyPlan body = BodyPlanner.plan(filters, config.bodyLimits(), config.insecureOptions().allowUnboundedBody(),
                    levels.conditionedHeaders(), diagnostics, entries::get,
                    features.has(Feature.BOUND_UPSTREAM_REQUEST_BODY));
            listeners.add(new CompiledGateway.Listener(listener,
                    new CompiledPipeline(listener.name(), filters, body, binding(filters, chainConditions))));
        }
        ledger.finish(ConfigPath.root().key("filter_chains"), diagnostics);
        // The ordering checks need every filter built, and a factory left silent matters only when
        // nothing else was reported. The typo guard runs whatever else failed, over every filter
        // built at any depth, so validate lists every typo beside the other problems; it only
        // needs every cluster declaration to have been built.
        if (!diagnostics.hasErrors()) {
            builder.leftOut().forEach(diagnostics::add); // a factory that built nothing and said nothing
        }
        boolean built = !diagnostics.hasErrors();
        if (builder.declarationsComplete() && !budget.exhausted() && !entriesDroppedAtLoad) {
            MatcherDeclarations.check(builder.made(), config.filterChains(), config.clusters(), diagnostics);
        }
        List<PipelineReport> reports = built ? orderingChecks(config, listeners, chainConditions, diagnostics)
                : List.of();
        if (diagnostics.hasErrors()) {
            listeners.forEach(li -> li.pipeline().close());
            return new CompileResult(null, diagnostics, reports);
        }
        ClusterStates clusters = context == null ? null : context.clusterStates();
        if (clusters != null) {
            clusters.seal();
        }
        return new CompileResult(new CompiledGateway(config, features, listeners, clusters), diagnostics, reports);
    }

    /**
     * Step 6 (see docs/behaviour/config-loading.md#flattening-chains-into-one-pipeline): the
     * ordering checks, over every listener's graph, all findings reported together. They need every
     * filter built, so they run only when nothing else was wrong. The provider boundary check runs
     * beside them whatever the insecure options say (see
     * docs/behaviour/ordering-checks.md#the-provider-boundary).
     */
    private static List<PipelineReport> orderingChecks(GatewayConfig config, List<CompiledGateway.Listener> listeners,
            Map<String, List<ConditionConfig>> chainConditions, Diagnostics diagnostics) {
        OrderingChecks checks = new OrderingChecks(config.insecureOptions());
        List<PipelineReport> reports = new ArrayList<>();
        for (CompiledGateway.Listener listener : listeners) {
            reports.add(checks.run(FlowGraph.of(listener.pipeline(), chainConditions), diagnostics));
            ProviderBoundaryCheck.run(listener.config(), listener.pipeline(), diagnostics);
        }
        return reports;
    }

    private static Map<String, List<ConditionConfig>> chainConditions(GatewayConfig config) {
        Map<String, List<ConditionConfig>> chainConditions = new LinkedHashMap<>();
        config.filterChains().forEach(c -> chainConditions.putIfAbsent(c.name(), c.conditions()));
        return chainConditions;
    }

    /**
     * Whether the pipeline binds, decided once here (see
     * docs/behaviour/binding.md#when-a-pipeline-binds). With the upstream-binding feature off
     * nothing can read a binding (the loader refused every consumer), and the scan is not even run,
     * so the request path stays the ungated one.
     */
    private BindingScan binding(List<CompiledFilter> filters, Map<String, List<ConditionConfig>> chainConditions) {
        if (!features.has(Feature.UPSTREAM_BINDING)) {
            return BindingScan.NONE;
        }
        return BindingScan.of(filters, chainConditions, features.has(Feature.BOUND_UPSTREAM_REQUEST_BODY));
    }

    /**
     * The listener's chains concatenated; chain boundaries vanish, entry names span the result (see
     * docs/behaviour/config-loading.md#flattening-chains-into-one-pipeline).
     */
    private static List<PlacedEntry> flatten(ListenerConfig listener, Map<String, FilterChainConfig> chains) {
        List<PlacedEntry> out = new ArrayList<>();
        for (String chainName : listener.filterChains()) {
            FilterChainConfig chain = chains.get(chainName);
            if (chain == null) {
                continue; // the loader already reported the unknown chain
            }
            for (FilterEntryConfig entry : chain.filters()) {
                out.add(new PlacedEntry(entry, chain.conditions(), chain.name(), FilterScope.chain(chain.name()),
                        List.of()));
            }
        }
        return out;
    }
}
