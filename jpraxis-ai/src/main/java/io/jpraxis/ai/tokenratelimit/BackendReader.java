package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.tokenratelimit.TokenRateLimitConfig.Backend;
import io.jpraxis.ai.tokenratelimit.TokenRateLimitConfig.BackendKind;
import io.jpraxis.config.read.MapReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Reads {@code backend} (see docs/reference/filters/token_rate_limit.md#backends). A {@code valkey}
 * backend is validated in full (its URL, or one whole {@code ${ENV_VAR}} reference to a set
 * variable, must be one a Redis client accepts) and then refused: the shared store is not built
 * yet, and the filter never falls back to local state for a config that asked for a shared one.
 */
final class BackendReader {
    static final String NOT_IMPLEMENTED = "not implemented yet in jpraxis (the shared store comes with the Redis "
            + "backend); use kind: memory";
    private static final Pattern WHOLE_REFERENCE = Pattern.compile("\\$\\{([A-Z_][A-Z0-9_]*)}");
    private static final Set<String> SCHEMES = Set.of("redis", "rediss", "valkey", "valkeys");

    private BackendReader() {
    }

    static Optional<Backend> read(MapReader options, Function<String, String> environment) {
        Optional<MapReader> b = options.map("backend", TokenRateLimitKeys.BACKEND);
        if (b.isEmpty()) {
            return Optional.of(Backend.MEMORY);
        }
        MapReader r = b.get();
        BackendKind kind = r.enumValue("kind", BackendKind.class).orElse(BackendKind.MEMORY);
        String namespace = r.string("namespace").orElse(Backend.DEFAULT_NAMESPACE);
        if (kind == BackendKind.MEMORY) {
            for (String key : new String[] {"url", "namespace"}) {
                if (r.has(key)) {
                    r.diagnostics().warn(r.path(key), r.line(key), "ignored by the memory backend");
                }
            }
            r.skip("url");
            return r.finishCleanly() ? Optional.of(Backend.MEMORY) : Optional.empty();
        }
        String url = null;
        if (!r.has("url")) {
            r.error("url", "missing (expected: the store's URL, redis://host:port; required for kind valkey)");
        } else {
            url = resolve(r, r.string("url").orElse(null), environment);
        }
        if (url != null && !clientAccepts(url)) {
            r.invalid("url", "a URL a Redis client accepts: redis://[user:password@]host[:port][/db] (or rediss://)");
            url = null;
        }
        if (url != null) {
            r.error("kind", "valkey is " + NOT_IMPLEMENTED);
        }
        r.finish();
        return Optional.empty();
    }

    /** The URL with a whole {@code ${VAR}} reference resolved; null after reporting. */
    private static String resolve(MapReader r, String text, Function<String, String> environment) {
        if (text == null || !text.contains("${")) {
            return text;
        }
        var m = WHOLE_REFERENCE.matcher(text);
        if (!m.matches()) {
            r.invalid("url", "a URL, or exactly one whole ${ENV_VAR} reference (name of A-Z, _ and digits, not "
                    + "starting with a digit)");
            return null;
        }
        String value = environment.apply(m.group(1));
        if (value == null || value.isEmpty()) {
            r.invalid("url", "a reference to a set environment variable (" + m.group(1) + " is not set)");
            return null;
        }
        return value;
    }

    static boolean clientAccepts(String url) {
        try {
            URI uri = new URI(url);
            return uri.getScheme() != null && SCHEMES.contains(uri.getScheme()) && uri.getHost() != null
                    && (uri.getPath() == null || uri.getPath().isEmpty() || uri.getPath().matches("/[0-9]{0,5}"));
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
