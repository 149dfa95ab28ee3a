package io.jpraxis.extproc.config;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.tree.YamlTreeParser;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.pipeline.compile.PipelineCompiler;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.filters.traffic.circuitbreaker.CircuitBreakerFactory;
import io.jpraxis.filters.traffic.sticky.StickySessionsFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Phases 1 to 3 for {@code jpraxis extproc}: load the ext_proc config, compile its chains with the
 * same {@link PipelineCompiler} and filter registry as {@code serve}, then check what picker mode
 * needs. {@code -t} and serving both come through here.
 */
public final class ExtProcBuilder {
    static final String INTELLIGENT_ROUTE = "intelligent_route";

    private final FeatureSet features;
    private final RuntimeServices services;
    private final FilterRegistry registry;

    /** {@code registry} holds the filter types the chains may use; the wiring passes the gateway's full list. */
    public ExtProcBuilder(FeatureSet features, RuntimeServices services, FilterRegistry registry) {
        this.features = features;
        this.services = services;
        this.registry = registry;
    }

    /** Reads and builds {@code file}; an unreadable file is a diagnostic. */
    public ExtProcBuild buildFile(Path file) {
        try {
            return build(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException | SecurityException e) {
            Diagnostics d = new Diagnostics();
            d.error(ConfigPath.root(), 0, "cannot read config file " + file + ": " + e.getMessage());
            return new ExtProcBuild(null, null, d, null);
        }
    }

    /** Loads and compiles config text, reporting every problem. */
    public ExtProcBuild build(String yaml) {
        Diagnostics d = new Diagnostics();
        ConfigNode root = new YamlTreeParser().parse(yaml, d);
        if (root == null) {
            return new ExtProcBuild(null, null, d, null);
        }
        ExtProcConfig config = ExtProcConfigReader.read(root, d, features);
        boolean loaded = !d.hasErrors();
        CompileResult compiled;
        try {
            compiled = new PipelineCompiler(registry, features, services).compile(config.gateway(), d);
        } catch (RuntimeException e) {
            if (loaded) {
                throw e;
            }
            // A config with load errors may not compile cleanly; its load errors stand.
            return new ExtProcBuild(config, null, d, null);
        }
        if (!compiled.ok() || !loaded) {
            if (compiled.gateway() != null) {
                compiled.gateway().close();
            }
            return new ExtProcBuild(config, null, d, null);
        }
        CompiledPipeline pipeline = compiled.gateway().listeners().get(0).pipeline();
        String routeHeader = routeHeader(pipeline, config.server().pickerMode(), d);
        refuseUnsupported(pipeline, d);
        if (d.hasErrors()) {
            compiled.gateway().close();
            return new ExtProcBuild(config, null, d, routeHeader);
        }
        return new ExtProcBuild(config, compiled.gateway(), d, routeHeader);
    }

    /**
     * Filters that cannot work here (see docs/behaviour/ext-proc.md#phases), by type, with why.
     * Envoy picks the upstream by its own routes and load balancer and proxies the request:
     * {@code circuit_breaker} would count Envoy's own local replies (a connect never attempted looks
     * like one that failed, and picker mode sends no response headers) for a cluster Envoy may never
     * have used; {@code sticky_sessions} would pin an endpoint Envoy does not use, promising an
     * affinity nobody keeps.
     */
    private static final Map<String, String> UNSUPPORTED = Map.of(
            CircuitBreakerFactory.TYPE, "Envoy routes and proxies the request and reports no upstream outcome a "
                    + "breaker could count (its response headers may be its own local reply, and picker mode skips "
                    + "them) (expected: Envoy's outlier_detection and circuit_breakers on the cluster, or "
                    + "circuit_breaker under jpraxis serve)",
            StickySessionsFactory.TYPE, "Envoy's load balancer picks the endpoint, not the one the filter pins, so "
                    + "the session would not stick (expected: Envoy's hash_policy with a cookie or header on the "
                    + "route, or sticky_sessions under jpraxis serve)",
            "model_failover", "Envoy proxies the request, so the gateway never sees an attempt fail and "
                    + "cannot send it to the next entry (expected: Envoy's retry_policy with retry priorities across "
                    + "clusters, or model_failover under jpraxis serve)");

    static void refuseUnsupported(CompiledPipeline pipeline, Diagnostics d) {
        for (CompiledFilter f : pipeline.allSlots()) {
            String why = UNSUPPORTED.get(f.filter().type());
            if (why != null) {
                d.error(f.entry().source().path().key("filter"), f.entry().source().line(), f.filter().type()
                        + " is not supported by jpraxis extproc: " + why);
            }
        }
    }

    /**
     * The route header every {@code intelligent_route} of the pipeline sets, or null. Picker mode
     * mirrors it into {@code envoy.lb}, so it needs exactly one (see
     * docs/behaviour/ext-proc.md#picker-mode).
     */
    static String routeHeader(CompiledPipeline pipeline, boolean pickerMode, Diagnostics d) {
        Set<String> names = new TreeSet<>();
        for (CompiledFilter f : pipeline.allSlots()) {
            if (INTELLIGENT_ROUTE.equals(f.filter().type()) && f.filter().config() instanceof Map<?, ?> view
                    && view.get("route_header") instanceof String s) {
                names.add(s.toLowerCase(java.util.Locale.ROOT));
            }
        }
        if (!pickerMode) {
            return names.size() == 1 ? names.iterator().next() : null;
        }
        ConfigPath at = ConfigPath.root().key("server").key("picker_mode");
        if (names.isEmpty()) {
            d.invalid(at, 0, "true", "picker_mode needs an intelligent_route with route_header: picker mode mirrors "
                    + "the route header's value into envoy.lb metadata");
            return null;
        }
        if (names.size() > 1) {
            d.invalid(at, 0, "true", "one route_header across the intelligent_route filters (found " + names + ")");
            return null;
        }
        return names.iterator().next();
    }
}
