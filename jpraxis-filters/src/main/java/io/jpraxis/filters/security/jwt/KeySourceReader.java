package io.jpraxis.filters.security.jwt;

import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.read.FilePaths;
import io.jpraxis.config.read.MapReader;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/** Reads the one key source of a {@code jwt_auth} entry: {@code jwks_file}, {@code jwks} or {@code jwks_url}. */
final class KeySourceReader {
    static final String HTTP_FLAG = "insecure_options.allow_private_upstreams";
    /** A key set file larger than this is refused unread. */
    static final long MAX_FILE_BYTES = 1024 * 1024;
    private static final List<String> SOURCES = List.of("jwks_file", "jwks", "jwks_url");
    private static final List<String> URL_KEYS = List.of("jwks_timeout_ms", "jwks_cache_seconds",
            "jwks_refresh_cooldown_seconds");

    private KeySourceReader() {
    }

    /** The source, or null with every problem reported. */
    static KeySource read(MapReader options, List<JwtAlgorithm> algorithms, InsecureOptions insecure) {
        long timeout = options.integer("jwks_timeout_ms").orElse(JwtAuthKeys.DEFAULT_TIMEOUT_MS);
        long cacheFor = options.integer("jwks_cache_seconds").orElse(JwtAuthKeys.DEFAULT_CACHE_SECONDS);
        long cooldown = options.integer("jwks_refresh_cooldown_seconds").orElse(JwtAuthKeys.DEFAULT_COOLDOWN_SECONDS);
        List<String> written = SOURCES.stream().filter(k -> options.present(k).isPresent()).toList();
        if (written.size() != 1) {
            String key = written.isEmpty() ? "jwks_file" : written.get(1);
            options.error(key, (written.isEmpty() ? "missing" : "given together with " + written.get(0))
                    + " (expected: " + JwtAuthKeys.ONE_SOURCE + ")");
            return null;
        }
        if (!written.contains("jwks_url")) {
            for (String key : URL_KEYS) {
                if (options.has(key)) {
                    options.error(key, "set without jwks_url (expected: only with jwks_url)");
                    return null;
                }
            }
        }
        return switch (written.get(0)) {
            case "jwks_file" -> file(options, algorithms);
            case "jwks" -> options.string("jwks").map(json -> fixed(options, "jwks", null, json, algorithms))
                    .orElse(null);
            default -> remote(options, algorithms, insecure, Duration.ofMillis(timeout), Duration.ofSeconds(cacheFor),
                    Duration.ofSeconds(cooldown));
        };
    }

    private static KeySource file(MapReader options, List<JwtAlgorithm> algorithms) {
        String path = options.string("jwks_file").map(p -> FilePaths.readableFile(options, "jwks_file", p))
                .orElse(null);
        if (path == null) {
            return null;
        }
        try {
            if (Files.size(Path.of(path)) > MAX_FILE_BYTES) {
                options.invalid("jwks_file", "a key set file of at most " + MAX_FILE_BYTES + " bytes");
                return null;
            }
            return fixed(options, "jwks_file", path, Files.readString(Path.of(path), StandardCharsets.UTF_8),
                    algorithms);
        } catch (IOException e) {
            options.invalid("jwks_file", "a readable UTF-8 file (" + e.getMessage() + ")");
            return null;
        }
    }

    private static KeySource fixed(MapReader options, String key, String file, String json,
            List<JwtAlgorithm> algorithms) {
        KeySetReader.Result result = KeySetReader.read(json, algorithms, true, true);
        result.errors().forEach(e -> options.error(key, e));
        result.notes().forEach(n -> options.diagnostics().warn(options.path(key), options.line(key), n));
        return result.errors().isEmpty() ? new KeySource.Fixed(file, result.keys()) : null;
    }

    private static KeySource remote(MapReader options, List<JwtAlgorithm> algorithms, InsecureOptions insecure,
            Duration timeout, Duration cacheFor, Duration cooldown) {
        String text = options.string("jwks_url").orElse(null);
        if (text == null) {
            return null;
        }
        URI url;
        try {
            url = new URI(text);
        } catch (URISyntaxException e) {
            options.invalid("jwks_url", "an absolute https URL");
            return null;
        }
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!url.isAbsolute() || url.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
            options.invalid("jwks_url", "an absolute https URL with a host");
            return null;
        }
        if (url.getUserInfo() != null || url.getFragment() != null) {
            options.invalid("jwks_url", "a URL without user info or fragment");
            return null;
        }
        if (scheme.equals("http") && !insecure.allowPrivateUpstreams()) {
            // The key set is the root of trust: over plain http anyone on the path could swap the keys.
            options.invalid("jwks_url", "an https URL (http only with " + HTTP_FLAG + ")");
            return null;
        }
        List<JwtAlgorithm> secrets = algorithms.stream().filter(JwtAlgorithm::symmetric).toList();
        if (!secrets.isEmpty()) {
            options.error("algorithms", secrets + " with jwks_url (expected: HMAC algorithms only with jwks_file "
                    + "or jwks; a shared secret is never fetched)");
            return null;
        }
        return new KeySource.Remote(url, timeout, cacheFor, cooldown);
    }
}
