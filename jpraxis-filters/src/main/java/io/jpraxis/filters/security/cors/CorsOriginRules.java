package io.jpraxis.filters.security.cors;

import java.util.List;
import java.util.Optional;

/**
 * Load-time rules for one configured origin of {@code cors} (and any filter sharing its origin
 * syntax): {@code "*"} alone, {@code scheme://host[:port]}, or {@code scheme://*.host} with one
 * leading wildcard label. Praxis has no regular-expression origin form, so a value that looks like
 * one is refused by name rather than silently never matching (docs/reference/filters/cors.md).
 */
public final class CorsOriginRules {
    private static final String REGEX_MARKS = "^$()[]{}|\\+?";

    private CorsOriginRules() {
    }

    /** Why the list as a whole is wrong ({@code "*"} mixed with other entries), if it is. */
    public static Optional<String> listProblem(List<String> origins) {
        if (origins.size() > 1 && origins.contains("*")) {
            return Optional.of("\"*\" mixed with other origins (expected: \"*\" alone, or only explicit origins)");
        }
        return Optional.empty();
    }

    /** Why {@code origin} is not an acceptable entry, if it is not. */
    public static Optional<String> problem(String origin) {
        if (origin.equals("*")) {
            return Optional.empty();
        }
        if (origin.equalsIgnoreCase("null")) {
            return Optional.of("\"null\" (expected: a real origin; set allow_null_origin: true to admit Origin: null)");
        }
        if (looksLikeRegex(origin)) {
            return Optional.of("\"" + origin + "\" looks like a regular expression (expected: an exact origin such as "
                    + "https://app.example.com or one leading wildcard label such as https://*.example.com; "
                    + "cors has no regular-expression origins)");
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
        if (host.isEmpty() || host.contains("/")) {
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

    private static boolean looksLikeRegex(String origin) {
        // ".*" not followed by "." is a regex any-run; "a.*.example" is a misplaced wildcard instead
        int dotStar = origin.indexOf(".*");
        if (origin.contains("\\.") || dotStar >= 0 && !origin.startsWith(".", dotStar + 2)) {
            return true;
        }
        for (int i = 0; i < origin.length(); i++) {
            if (REGEX_MARKS.indexOf(origin.charAt(i)) >= 0) {
                return true;
            }
        }
        return false;
    }
}
