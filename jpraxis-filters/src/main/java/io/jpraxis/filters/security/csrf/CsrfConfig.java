package io.jpraxis.filters.security.csrf;

import java.util.List;
import java.util.Locale;

/**
 * The {@code csrf} filter's config (docs/reference/filters/csrf.md), already validated: origins
 * follow the shared origin syntax, {@code safeMethods} is non-empty and uppercased.
 *
 * @param enforcePercentage 0..100; the share of requests whose origin is checked
 */
public record CsrfConfig(
        List<String> trustedOrigins,
        List<String> safeMethods,
        int enforcePercentage,
        boolean enableSecFetchSite) {

    /** Praxis's safe methods when {@code safe_methods} is absent. */
    public static final List<String> DEFAULT_SAFE_METHODS = List.of("GET", "HEAD", "OPTIONS");

    public CsrfConfig {
        trustedOrigins = List.copyOf(trustedOrigins);
        safeMethods = safeMethods.stream().map(m -> m.toUpperCase(Locale.ROOT)).toList();
        if (trustedOrigins.isEmpty() || safeMethods.isEmpty()) {
            throw new IllegalArgumentException("trusted_origins and safe_methods must not be empty");
        }
        if (enforcePercentage < 0 || enforcePercentage > 100) {
            throw new IllegalArgumentException("enforce_percentage out of 0..100: " + enforcePercentage);
        }
    }
}
