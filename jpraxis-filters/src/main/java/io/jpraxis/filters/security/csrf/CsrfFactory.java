package io.jpraxis.filters.security.csrf;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.support.origin.OriginEntries;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Builds {@code csrf} filters (see docs/reference/filters/csrf.md). */
public final class CsrfFactory implements FilterFactory<CsrfConfig> {
    /** The YAML type name. */
    public static final String TYPE = "csrf";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(CsrfKeys.KEYS);
    }

    @Override
    public Optional<CsrfConfig> read(MapReader options, FilterReadContext context) {
        List<String> origins = origins(options);
        List<String> safe = CsrfConfig.DEFAULT_SAFE_METHODS;
        Optional<List<String>> readSafe = options.strings("safe_methods");
        if (readSafe.isPresent()) {
            safe = readSafe.get();
            if (safe.isEmpty()) {
                options.error("safe_methods", "[] (expected: at least one method; omit the key for GET, HEAD, "
                        + "OPTIONS)");
            }
            for (int i = 0; i < safe.size(); i++) {
                if (safe.get(i).isBlank()) {
                    options.diagnostics().error(options.path("safe_methods").index(i), options.line("safe_methods"),
                            "\"" + safe.get(i) + "\" (expected: a method name such as GET)");
                }
            }
        }
        long percentage = options.integer("enforce_percentage").orElse(100L);
        boolean secFetchSite = options.bool("enable_sec_fetch_site", false);
        if (!options.finishCleanly() || origins == null) {
            return Optional.empty();
        }
        return Optional.of(new CsrfConfig(origins, safe, (int) percentage, secFetchSite));
    }

    private static List<String> origins(MapReader options) {
        if (!options.require("trusted_origins")) {
            return null;
        }
        Optional<List<String>> read = options.strings("trusted_origins");
        if (read.isEmpty()) {
            return null;
        }
        List<String> origins = read.get();
        if (origins.isEmpty()) {
            options.error("trusted_origins", "[] (expected: at least one origin, or \"*\")");
            return null;
        }
        boolean ok = true;
        for (int i = 0; i < origins.size(); i++) {
            Optional<String> problem = OriginEntries.shapeProblem(origins.get(i));
            if (problem.isPresent()) {
                options.diagnostics().error(options.path("trusted_origins").index(i),
                        options.line("trusted_origins"), problem.get());
                ok = false;
            }
        }
        Optional<String> listProblem = OriginEntries.listProblem(origins);
        if (listProblem.isPresent()) {
            options.error("trusted_origins", listProblem.get());
            ok = false;
        }
        return ok ? origins : null;
    }

    @Override
    public FilterDeclaration declare(CsrfConfig config) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.SECURITY));
    }

    @Override
    public HttpFilter create(CsrfConfig config, FilterBuildContext context) {
        return new CsrfFilter(config, context.insecureOptions().csrfLogOnly(), context.services().random());
    }
}
