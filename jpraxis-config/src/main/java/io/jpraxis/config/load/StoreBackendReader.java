package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.StoreBackend;
import io.jpraxis.config.read.MapReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Reads a filter's {@code backend} and {@code on_backend_error} (see
 * docs/behaviour/shared-state.md#configuring-a-store): {@code kind} {@code memory} (default) or
 * {@code valkey}; a valkey backend needs a {@code redis://} or {@code rediss://} {@code url}, which
 * may be exactly one whole {@code ${ENV_VAR}} reference (read at load, so a password stays out of
 * the file); {@code namespace} prefixes its keys.
 */
public final class StoreBackendReader {
    private static final Pattern ENV_REFERENCE = Pattern.compile("\\$\\{([A-Z_][A-Z0-9_]*)}");

    /** The keys of {@code backend}. */
    public static ObjectDescriptor keys(String defaultNamespace) {
        return ObjectDescriptor.of("Where the filter keeps its state.",
                key("kind", KeyType.choice(StoreBackend.Kind.class), "`memory`: in this process; `valkey`: in a "
                        + "Valkey/Redis store every replica shares.").withDefault("memory"),
                key("url", new KeyType.Text(1, 4096), "The store: `redis://[user:password@]host:port[/db]`, "
                        + "`rediss://` for TLS; or one whole `${ENV_VAR}` holding it.")
                        .withRule("required with valkey, refused with memory"),
                key("namespace", new KeyType.Text(1, 256), "The prefix of every key written; valkey only.")
                        .withDefault(defaultNamespace));
    }

    /** The {@code on_backend_error} key, beside {@code backend}. */
    public static final String ON_ERROR = "on_backend_error";

    /** What a store error does to the request. */
    public enum OnError {
        CLOSED, OPEN
    }

    private StoreBackendReader() {
    }

    /**
     * The filter's backend, {@link StoreBackend#MEMORY} when it names none; empty after a report.
     *
     * @param env the process environment ({@code System::getenv} outside tests)
     */
    public static Optional<StoreBackend> read(MapReader options, ObjectDescriptor keys, String defaultNamespace,
            Function<String, String> env) {
        OnError onError = options.enumValue(ON_ERROR, OnError.class).orElse(OnError.CLOSED);
        if (!options.has("backend")) {
            if (options.has(ON_ERROR)) {
                options.invalid(ON_ERROR, "only with backend kind valkey (a memory backend has no store to fail)");
                return Optional.empty();
            }
            return Optional.of(StoreBackend.MEMORY);
        }
        Optional<MapReader> map = options.map("backend", keys);
        if (map.isEmpty()) {
            return Optional.empty();
        }
        MapReader r = map.get();
        StoreBackend.Kind kind = r.enumValue("kind", StoreBackend.Kind.class).orElse(StoreBackend.Kind.MEMORY);
        String rawUrl = r.string("url").orElse(null);
        String namespace = r.string("namespace").orElse(defaultNamespace);
        boolean ok = r.finishCleanly();
        if (kind == StoreBackend.Kind.MEMORY) {
            for (String key : new String[] {"url", "namespace"}) {
                if (r.has(key)) {
                    r.invalid(key, "only with kind: valkey");
                    ok = false;
                }
            }
            if (options.has(ON_ERROR)) {
                options.invalid(ON_ERROR, "only with backend kind valkey (a memory backend has no store to fail)");
                ok = false;
            }
            return ok ? Optional.of(StoreBackend.MEMORY) : Optional.empty();
        }
        if (rawUrl == null) {
            r.invalid("url", "the store's URL, required with kind: valkey");
            return Optional.empty();
        }
        String url = resolve(r, rawUrl, env);
        if (url == null || !ok) {
            return Optional.empty();
        }
        return Optional.of(new StoreBackend(kind, url, namespace, onError == OnError.OPEN));
    }

    /** The URL with its environment reference resolved; null after a report (never echoing a password). */
    private static String resolve(MapReader r, String raw, Function<String, String> env) {
        String url = raw;
        if (raw.contains("${")) {
            var m = ENV_REFERENCE.matcher(raw);
            if (!m.matches()) {
                r.diagnostics().error(r.path("url"), r.line("url"), "must be a whole URL or exactly one whole "
                        + "${ENV_VAR} reference (a name of A-Z, digits and _, not starting with a digit)");
                return null;
            }
            url = env.apply(m.group(1));
            if (url == null || url.isBlank()) {
                r.diagnostics().error(r.path("url"), r.line("url"), "names environment variable " + m.group(1)
                        + ", which is not set");
                return null;
            }
        }
        String problem = problem(url);
        if (problem != null) {
            r.diagnostics().error(r.path("url"), r.line("url"), "is not usable (expected: " + problem + ")");
            return null;
        }
        return url;
    }

    /** Why {@code url} is not a store URL, or null. */
    static String problem(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            return "a redis:// or rediss:// URL";
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!Map.of("redis", 1, "rediss", 1).containsKey(scheme) || uri.getHost() == null) {
            return "a redis:// or rediss:// URL with a host";
        }
        if (uri.getPort() > 65535 || uri.getPort() == 0) {
            return "a port from 1 to 65535";
        }
        String path = uri.getPath() == null ? "" : uri.getPath();
        if (!path.isEmpty() && !path.equals("/") && !path.substring(1).chars().allMatch(Character::isDigit)) {
            return "a database number as the path, or none";
        }
        return null;
    }
}
