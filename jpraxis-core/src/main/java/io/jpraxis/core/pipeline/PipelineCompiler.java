package io.jpraxis.core.pipeline;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.FilterChainConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.ListenerConfig;
import io.jpraxis.core.condition.ConditionCompiler;
import io.jpraxis.core.filter.FilterBuildContext;
import io.jpraxis.core.filter.FilterRegistry;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterStates;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Phase 3: flattens each listener's chains into one pipeline, builds every filter through its
 * factory (which validates its own config) and compiles conditions. Reports every problem; builds
 * nothing that binds sockets.
 */
public final class PipelineCompiler {
    /** Filter instances one build may materialize (spec 8). */
    public static final int MAX_FILTER_INSTANCES = 100_000;

    private final FilterRegistry registry;
    private final FeatureSet features;
    private final RuntimeServices services;

    public PipelineCompiler(FilterRegistry registry, FeatureSet features, RuntimeServices services) {
        this.registry = registry;
        this.features = features;
        this.services = services;
    }

    /** Compiles {@code config}, adding to {@code diagnostics} (which may already hold load findings). */
    public CompileResult compile(GatewayConfig config, Diagnostics diagnostics) {
        FilterBuildContext context = new FilterBuildContext(features, config.insecureOptions(), config.bodyLimits(),
                config.clusters(), services, new ClusterStates());
        config.clusters().forEach(context.clusterStates()::stateFor);
        FilterEntryBuilder builder = new FilterEntryBuilder(registry, context);
        List<CompiledGateway.Listener> listeners = new ArrayList<>();
        int instances = 0;
        for (FilterChainConfig chain : config.filterChains()) {
            FilterEntryBuilder.refuseUnsupportedChainConditions(chain.conditions(), features,
                    diagnostics.scoped(FilterScope.chain(chain.name())));
        }
        for (int l = 0; l < config.listeners().size(); l++) {
            ListenerConfig listener = config.listeners().get(l);
            List<CompiledFilter> filters = flatten(config, listener, builder, diagnostics);
            instances += filters.size();
            listeners.add(new CompiledGateway.Listener(listener, new CompiledPipeline(listener.name(), filters)));
        }
        if (instances > MAX_FILTER_INSTANCES) {
            diagnostics.error(ConfigPath.root().key("listeners"), 0, instances + " filter instances (expected: at most "
                    + MAX_FILTER_INSTANCES + " per build)");
        }
        if (diagnostics.hasErrors()) {
            listeners.forEach(li -> li.pipeline().close());
            return new CompileResult(null, diagnostics);
        }
        context.clusterStates().seal();
        return new CompileResult(new CompiledGateway(config, features, listeners, context.clusterStates()), diagnostics);
    }

    private List<CompiledFilter> flatten(GatewayConfig config, ListenerConfig listener, FilterEntryBuilder builder,
            Diagnostics diagnostics) {
        List<CompiledFilter> out = new ArrayList<>();
        for (String chainName : listener.filterChains()) {
            Optional<FilterChainConfig> chain = config.chain(chainName);
            if (chain.isEmpty()) {
                continue; // the loader already reported the unknown chain
            }
            for (FilterEntryConfig entry : chain.get().filters()) {
                Diagnostics scoped = diagnostics.scoped(
                        FilterScope.chain(chainName).withFilter(entry.filterType(), entry.name()));
                Optional<HttpFilter> filter = builder.build(entry, scoped);
                filter.ifPresent(f -> out.add(compile(out.size(), f, chain.get(), entry)));
            }
        }
        return out;
    }

    private static CompiledFilter compile(int index, HttpFilter filter, FilterChainConfig chain, FilterEntryConfig entry) {
        // Chain conditions are evaluated first, then the entry's own (spec 1.4).
        List<ConditionConfig> gate = new ArrayList<>(chain.conditions());
        gate.addAll(entry.conditions());
        return new CompiledFilter(index, filter, ConditionCompiler.request(gate), !gate.isEmpty(),
                ConditionCompiler.response(entry.responseConditions()), entry.failureMode(), chain.name(), entry);
    }
}
