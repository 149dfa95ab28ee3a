package io.jpraxis.filters.security.cors;

import io.jpraxis.filters.support.origin.OriginEntries;
import java.util.Optional;

/**
 * Load-time rules for one configured origin of {@code cors}: {@code null} needs its own key, and
 * Praxis has no regular-expression origin form, so a value that looks like one is refused by name
 * rather than silently never matching (docs/reference/filters/cors.md); the rest is
 * {@link OriginEntries}' shape check.
 */
public final class CorsOriginRules {
    private static final String REGEX_MARKS = "^$()[]{}|\\+?";

    private CorsOriginRules() {
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
        return OriginEntries.shapeProblem(origin);
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
