package io.jpraxis.filters.support.origin;

import java.util.List;
import java.util.Optional;

/**
 * Load-time rules for configured origins ({@code cors}'s {@code allow_origins}, {@code csrf}'s
 * {@code trusted_origins}): {@code "*"} alone, {@code scheme://host[:port]}, or
 * {@code scheme://*.host} with one leading wildcard label, the syntax {@link OriginMatcher}
 * matches. A value that could never match a browser's {@code Origin} (no scheme, a path) is
 * refused rather than silently never matching.
 */
public final class OriginEntries {
    private OriginEntries() {
    }

    /** Why the list as a whole is wrong ({@code "*"} mixed with other entries), if it is. */
    public static Optional<String> listProblem(List<String> origins) {
        if (origins.size() > 1 && origins.contains("*")) {
            return Optional.of("\"*\" mixed with other origins (expected: \"*\" alone, or only explicit origins)");
        }
        return Optional.empty();
    }

    /** Why {@code origin} does not have an origin's shape, if it does not. */
    public static Optional<String> shapeProblem(String origin) {
        if (origin.equals("*")) {
            return Optional.empty();
        }
        int sep = origin.indexOf("://");
        if (sep <= 0) {
            return Optional.of("\"" + origin + "\" (expected: an origin with a scheme, e.g. https://app.example.com)");
        }
        String scheme = origin.substring(0, sep);
        String host = origin.substring(sep + 3);
        if (scheme.contains("*")) {
            return Optional.of("\"" + origin + "\" has a wildcard scheme (expected: an explicit scheme such as https)");
        }
        if (host.isEmpty() || host.contains("/") || host.contains("?") || host.contains("#")) {
            return Optional.of("\"" + origin + "\" (expected: scheme://host[:port] with no path)");
        }
        if (host.contains("*")) {
            if (!host.startsWith("*.")) {
                return Optional.of("\"" + origin + "\" has a wildcard not at the start of the host (expected: e.g. "
                        + "https://*.example.com)");
            }
            if (host.indexOf('*', 1) >= 0) {
                return Optional.of("\"" + origin + "\" has more than one wildcard (expected: one leading *. label)");
            }
        }
        return Optional.empty();
    }
}
