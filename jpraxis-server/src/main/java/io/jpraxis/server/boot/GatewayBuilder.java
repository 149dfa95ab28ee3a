package io.jpraxis.server.boot;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.core.filter.FilterRegistry;
import io.jpraxis.core.pipeline.CompileResult;
import io.jpraxis.core.pipeline.PipelineCompiler;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.filters.BuiltInFilters;
import java.io.IOException;

/**
 * Phases 1 to 3 (load, validate, compile) as one call: what {@code validate}, {@code dump} and
 * {@code serve} all run, so they accept and refuse exactly the same configs.
 */
public final class GatewayBuilder {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(GatewayBuilder.class);
    private final FeatureSet features;
    private final RuntimeServices services;
    private final FilterRegistry registry;

    public GatewayBuilder(FeatureSet features, RuntimeServices services) {
        this(features, services, FilterRegistry.withBuiltIns(BuiltInFilters.all()));
    }

    /** With an explicit set of filter types (tests add their own). */
    public GatewayBuilder(FeatureSet features, RuntimeServices services, FilterRegistry registry) {
        this.features = features;
        this.services = services;
        this.registry = registry;
    }

    public FilterRegistry registry() {
        return registry;
    }

    /** Loads and compiles the config from {@code source}. */
    public CompileResult build(ConfigSource source) {
        String text;
        try {
            text = source.read();
        } catch (IOException e) {
            Diagnostics d = new Diagnostics();
            d.error(ConfigPath.root(), 0, "cannot read " + source.description() + ": " + e.getMessage());
            return new CompileResult(null, d);
        }
        return build(text);
    }

    /** Loads and compiles config text. */
    public CompileResult build(String yaml) {
        LoadResult loaded = new ConfigLoader().load(yaml, features);
        PipelineCompiler compiler = new PipelineCompiler(registry, features, services);
        if (loaded.config() != null) {
            return compiler.compile(loaded.config(), loaded.diagnostics());
        }
        if (loaded.bestEffort() != null) {
            // Check the filters that did load as well, so one run lists every problem in the file.
            try {
                compiler.compile(loaded.bestEffort(), loaded.diagnostics());
            } catch (RuntimeException e) {
                log.debug("compiling a config with load errors failed; its load errors stand", e);
            }
        }
        return new CompileResult(null, loaded.diagnostics());
    }
}
