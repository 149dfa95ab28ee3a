package io.jpraxis.filters.security.jwt;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Builds {@code jwt_auth} filters (see docs/reference/filters/jwt_auth.md); every bad value is listed. */
public final class JwtAuthFactory implements FilterFactory<JwtAuthConfig> {
    /** The YAML type name. */
    public static final String TYPE = "jwt_auth";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(JwtAuthKeys.KEYS);
    }

    @Override
    public Set<String> secretFields() {
        return Set.of("jwks");
    }

    @Override
    public Optional<JwtAuthConfig> read(MapReader options, FilterReadContext context) {
        List<JwtAlgorithm> algorithms = algorithms(options);
        KeySource keys = algorithms == null ? null : KeySourceReader.read(options, algorithms, context.insecureOptions());
        String issuer = options.requiredString("issuer");
        if (issuer != null && issuer.isBlank()) {
            options.invalid("issuer", "a non-empty issuer, the iss value tokens carry");
        }
        List<String> audience = audience(options);
        int skew = options.integer("clock_skew_seconds").orElse(JwtAuthKeys.DEFAULT_SKEW_SECONDS).intValue();
        List<String> required = claimNames(options);
        String header = tokenHeader(options);
        boolean strip = options.bool("strip_token", true);
        Map<String, String> metadata = claimMetadata(options);
        int cacheSize = options.integer("cache_size").orElse(JwtAuthKeys.DEFAULT_CACHE_SIZE).intValue();
        if (!options.finishCleanly() || keys == null || issuer == null || audience == null || required == null
                || header == null || metadata == null) {
            return Optional.empty();
        }
        return Optional.of(new JwtAuthConfig(keys, issuer, audience, algorithms, skew, required, header, strip,
                metadata, cacheSize));
    }

    private static List<JwtAlgorithm> algorithms(MapReader options) {
        if (options.present("algorithms").isEmpty()) {
            return JwtAlgorithm.DEFAULTS;
        }
        List<String> names = options.strings("algorithms").orElse(null);
        if (names == null) {
            return null;
        }
        List<JwtAlgorithm> out = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            Optional<JwtAlgorithm> alg = JwtAlgorithm.named(name);
            String expected = "none".equalsIgnoreCase(name)
                    ? "a signature algorithm; unsigned tokens are never accepted (RFC 8725 section 3.1)"
                    : "one of " + String.join(", ", JwtAlgorithm.names());
            if (alg.isEmpty() || out.contains(alg.get())) {
                options.diagnostics().invalid(options.path("algorithms").index(i), options.line("algorithms"),
                        Names.quote(name), alg.isEmpty() ? expected : "each algorithm once");
                ok = false;
            } else {
                out.add(alg.get());
            }
        }
        if (ok && out.isEmpty()) {
            options.invalid("algorithms", "at least one algorithm");
            return null;
        }
        return ok ? out : null;
    }

    private static List<String> audience(MapReader options) {
        Optional<ConfigNode> node = options.present("audience");
        if (node.isEmpty()) {
            return List.of();
        }
        List<String> values = node.get() instanceof ConfigNode.ListNode
                ? options.strings("audience").orElse(null) : options.string("audience").map(List::of).orElse(null);
        if (values != null && (values.isEmpty() || values.stream().anyMatch(String::isBlank))) {
            options.invalid("audience", "a non-empty audience, or a non-empty list of them");
            return null;
        }
        return values;
    }

    private static List<String> claimNames(MapReader options) {
        if (options.present("required_claims").isEmpty()) {
            return List.of("exp");
        }
        List<String> names = options.strings("required_claims").orElse(null);
        if (names == null) {
            return null;
        }
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).isBlank() || names.indexOf(names.get(i)) != i) {
                options.diagnostics().invalid(options.path("required_claims").index(i), options.line("required_claims"),
                        Names.quote(names.get(i)), "a claim name, each once");
                return null;
            }
        }
        if (!names.contains("exp")) {
            // RFC 8725 section 3.10 wants bounded lifetimes; leaving exp out is allowed but said aloud.
            options.diagnostics().warn(options.path("required_claims"), options.line("required_claims"),
                    "does not list exp: tokens without an expiry are accepted and never expire");
        }
        return names;
    }

    private static String tokenHeader(MapReader options) {
        String header = options.string("token_header").orElse(JwtAuthKeys.DEFAULT_TOKEN_HEADER);
        if (!Names.checkHeaderName(header, options.path("token_header"), options.line("token_header"),
                options.diagnostics())) {
            return null;
        }
        return header.toLowerCase(Locale.ROOT);
    }

    private static Map<String, String> claimMetadata(MapReader options) {
        Optional<MapReader> map = options.map("claim_metadata");
        if (map.isEmpty()) {
            return Map.of();
        }
        MapReader m = map.get();
        Map<String, String> out = new LinkedHashMap<>();
        boolean ok = true;
        for (String claim : m.keys()) {
            Optional<String> key = m.string(claim);
            if (key.isEmpty()) {
                ok = false;
            } else if (key.get().isBlank() || out.containsValue(key.get())) {
                m.invalid(claim, "a metadata key, not empty and not used by another claim");
                ok = false;
            } else {
                out.put(claim, key.get());
            }
        }
        if (m.isEmpty()) {
            options.invalid("claim_metadata", "at least one claim: metadata key entry");
            ok = false;
        }
        m.finish();
        return ok ? out : null;
    }

    @Override
    public FilterDeclaration declare(JwtAuthConfig config) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.SECURITY, FilterTrait.SETS_SUBJECT));
    }

    @Override
    public HttpFilter create(JwtAuthConfig config, FilterBuildContext context) {
        JwksSource source = switch (config.keys()) {
            case KeySource.Fixed f -> JwksSource.fixed(f.keys());
            case KeySource.Remote r -> new RemoteJwks(r, config.algorithms(), context.services().clock());
        };
        return new JwtAuthFilter(config, source, context.services().clock());
    }
}
