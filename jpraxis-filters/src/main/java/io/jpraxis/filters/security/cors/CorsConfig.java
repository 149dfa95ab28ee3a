package io.jpraxis.filters.security.cors;

import java.util.List;

/**
 * The {@code cors} filter's config (docs/reference/filters/cors.md), already validated: a wildcard
 * origin, method or header never comes with credentials, and {@code allowMethods} holds the
 * defaults when the key was absent.
 */
public record CorsConfig(
        List<String> allowOrigins,
        List<String> allowMethods,
        List<String> allowHeaders,
        List<String> exposeHeaders,
        boolean allowCredentials,
        long maxAge,
        boolean allowPrivateNetwork,
        DisallowedOriginMode disallowedOriginMode,
        boolean allowNullOrigin) {

    /** Praxis's methods when {@code allow_methods} is absent or empty. */
    public static final List<String> DEFAULT_METHODS = List.of("GET", "HEAD", "POST");

    public CorsConfig {
        allowOrigins = List.copyOf(allowOrigins);
        allowMethods = List.copyOf(allowMethods);
        allowHeaders = List.copyOf(allowHeaders);
        exposeHeaders = List.copyOf(exposeHeaders);
        if (allowCredentials && (allowOrigins.contains("*") || allowMethods.contains("*")
                || allowHeaders.contains("*") || allowNullOrigin)) {
            throw new IllegalArgumentException("credentials with a wildcard or the null origin");
        }
    }
}
