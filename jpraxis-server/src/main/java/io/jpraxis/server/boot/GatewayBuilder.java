package io.jpraxis.server.boot;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.ConfigRevision;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.pipeline.compile.PipelineCompiler;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.metrics.FilterDurations;
import java.io.IOException;
import java.time.Instant;

/**
 * Phases 1 to 3 (load, validate, compile) as one call: what {@code validate}, {@code dump} and
 * {@code serve} all run, so they accept and refuse exactly the same configs. {@link #check} (for
 * {@code validate}) runs the same reads and checks but creates no runtime filter.
 */
public final class GatewayBuilder {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(GatewayBuilder.class);
    private final FeatureSet features;
    private final RuntimeServices services;
    private final FilterRegistry registry;
    /** One per process: the filters of every reload record here, into the registry serving starts. */
    private final FilterDurations filterDurations = new FilterDurations();

    public GatewayBuilder(FeatureSet features, RuntimeServices services) {
        this(features, services, FilterRegistry.withBuiltIns(GatewayFilters.all()));
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

    /** Where the filters of a config with {@code metrics.filter_duration: true} record their hook timings. */
    public FilterDurations filterDurations() {
        return filterDurations;
    }

    /** The clock, random source and ids the built filters use; serving uses the same. */
    public RuntimeServices services() {
        return services;
    }

    /** Loads and compiles the config from {@code source}. */
    public CompileResult build(ConfigSource source) {
        return buildRevision(source, Instant.now()).result();
    }

    /**
     * Reads {@code source} once and compiles those bytes, so the revision names exactly what was
     * compiled; {@code serve} at startup and every reload come through here, as {@code validate}
     * does through {@link #build(ConfigSource)}.
     */
    public Built buildRevision(ConfigSource source, Instant now) {
        return buildRevision(source, now, null);
    }

    /**
     * As {@link #buildRevision(ConfigSource, Instant)}, but compiles nothing when the bytes are
     * those of {@code serving}: the result is then null (a reload with nothing to do).
     */
    public Built buildRevision(ConfigSource source, Instant now, ConfigRevision serving) {
        byte[] bytes;
        String text;
        try {
            bytes = source.readBytes();
            text = ConfigSource.decode(bytes);
        } catch (IOException e) {
            Diagnostics d = new Diagnostics();
            d.error(ConfigPath.root(), 0, "cannot read " + source.description() + ": " + e.getMessage());
            return new Built(new CompileResult(null, d), null);
        }
        ConfigRevision revision = ConfigRevision.of(bytes, now);
        if (revision.sameContent(serving)) {
            return new Built(null, revision);
        }
        return new Built(build(text), revision);
    }

    /**
     * A build and the revision of the bytes it compiled.
     *
     * @param result null when the bytes were those already serving (nothing was compiled)
     * @param revision null when the source could not be read
     */
    public record Built(CompileResult result, ConfigRevision revision) {
    }

    /** Loads and compiles config text. */
    public CompileResult build(String yaml) {
        return build(yaml, true);
    }

    /**
     * Loads, reads and checks the config from {@code source} with the same diagnostics as
     * {@link #build(ConfigSource)}, without creating any runtime filter or cluster state: the
     * gateway of the result only checks and must never serve.
     */
    public CompileResult check(ConfigSource source) {
        try {
            return build(ConfigSource.decode(source.readBytes()), false);
        } catch (IOException e) {
            Diagnostics d = new Diagnostics();
            d.error(ConfigPath.root(), 0, "cannot read " + source.description() + ": " + e.getMessage());
            return new CompileResult(null, d);
        }
    }

    private CompileResult build(String yaml, boolean serve) {
        LoadResult loaded = new ConfigLoader().load(yaml, features);
        PipelineCompiler compiler = new PipelineCompiler(registry, features, services).timingFiltersInto(filterDurations);
        if (loaded.config() != null) {
            return serve ? compiler.compile(loaded.config(), loaded.diagnostics())
                    : compiler.validate(loaded.config(), loaded.diagnostics());
        }
        if (loaded.bestEffort() != null) {
            // Check the filters that did load as well, so one run lists every problem in the file.
            try {
                compiler.validate(loaded.bestEffort(), loaded.diagnostics());
            } catch (RuntimeException e) {
                log.debug("compiling a config with load errors failed; its load errors stand", e);
            }
        }
        return new CompileResult(null, loaded.diagnostics());
    }
}
