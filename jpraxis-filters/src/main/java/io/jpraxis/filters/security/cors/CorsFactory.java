package io.jpraxis.filters.security.cors;

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

/** Builds {@code cors} filters (see docs/reference/filters/cors.md). */
public final class CorsFactory implements FilterFactory<CorsConfig> {
    /** The YAML type name. */
    public static final String TYPE = "cors";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(CorsKeys.KEYS);
    }

    @Override
    public Optional<CorsConfig> read(MapReader options, FilterReadContext context) {
        List<String> origins = origins(options);
        List<String> methods = options.strings("allow_methods").orElse(List.of());
        if (methods.isEmpty()) {
            methods = CorsConfig.DEFAULT_METHODS;
        }
        List<String> headers = options.strings("allow_headers").orElse(List.of());
        List<String> expose = options.strings("expose_headers").orElse(List.of());
        boolean credentials = options.bool("allow_credentials", false);
        long maxAge = options.integer("max_age").orElse(86_400L);
        boolean privateNetwork = options.bool("allow_private_network", false);
        DisallowedOriginMode mode = options.enumValue("disallowed_origin_mode", DisallowedOriginMode.class)
                .orElse(DisallowedOriginMode.OMIT);
        boolean nullOrigin = options.bool("allow_null_origin", false);
        if (credentials) {
            // Fetch forbids wildcards with credentials; echoing any origin with cookies would let
            // every site read authenticated answers.
            refuseWildcard(options, "allow_origins", origins);
            refuseWildcard(options, "allow_methods", methods);
            refuseWildcard(options, "allow_headers", headers);
            if (nullOrigin) {
                options.error("allow_null_origin", "true with allow_credentials (expected: not both; sandboxed "
                        + "and file pages all send Origin: null, so it cannot identify a site)");
            }
        }
        if (!options.finishCleanly() || origins == null) {
            return Optional.empty();
        }
        return Optional.of(new CorsConfig(origins, methods, headers, expose, credentials, maxAge, privateNetwork,
                mode, nullOrigin));
    }

    private static List<String> origins(MapReader options) {
        if (!options.require("allow_origins")) {
            return null;
        }
        Optional<List<String>> read = options.strings("allow_origins");
        if (read.isEmpty()) {
            return null;
        }
        List<String> origins = read.get();
        if (origins.isEmpty()) {
            options.error("allow_origins", "[] (expected: at least one origin, or \"*\")");
            return null;
        }
        boolean ok = true;
        for (int i = 0; i < origins.size(); i++) {
            Optional<String> problem = CorsOriginRules.problem(origins.get(i));
            if (problem.isPresent()) {
                options.diagnostics().error(options.path("allow_origins").index(i), options.line("allow_origins"),
                        problem.get());
                ok = false;
            }
        }
        Optional<String> listProblem = OriginEntries.listProblem(origins);
        if (listProblem.isPresent()) {
            options.error("allow_origins", listProblem.get());
            ok = false;
        }
        return ok ? origins : null;
    }

    private static void refuseWildcard(MapReader options, String key, List<String> values) {
        if (values != null && values.contains("*")) {
            options.error(key, "\"*\" with allow_credentials: true (expected: explicit values; browsers refuse a "
                    + "wildcard on credentialed requests)");
        }
    }

    @Override
    public FilterDeclaration declare(CorsConfig config) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.SECURITY, FilterTrait.NON_GATING)).withResponseHook(true);
    }

    @Override
    public HttpFilter create(CorsConfig config, FilterBuildContext context) {
        return new CorsFilter(config);
    }
}
