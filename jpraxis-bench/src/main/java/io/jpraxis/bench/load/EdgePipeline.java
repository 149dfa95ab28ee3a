package io.jpraxis.bench.load;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The realistic edge pipeline of issue 26, shared by the load suite ({@code jpraxis-edge}) and the
 * JMH benchmark ({@code EdgeFilterBenchmark}): forwarded_headers trusting the load balancer on
 * 127.0.0.1, ip_acl on the resolved client, cors for one origin, jwt_auth (RS256, a local key
 * set), a global rate_limit too high ever to refuse, path_rewrite of a prefix, then the plain
 * path's router and load_balancer. And the headers the edge client sends on every request.
 */
public final class EdgePipeline {
    /** The path prefix path_rewrite strips: the client asks for {@code /edge/small}, the origin gets {@code /small}. */
    public static final String PREFIX = "/edge";
    public static final String PATH = PREFIX + "/small";
    /** The one origin cors allows; the client sends it as a browser page on it would. */
    public static final String ALLOWED_ORIGIN = "https://app.bench.test";
    /** The load balancer in front of jpraxis (the TCP peer, 127.0.0.1) says the client is this address. */
    public static final String FORWARDED_CLIENT = "127.0.0.7";
    /**
     * Tokens per second the global bucket adds (and holds): far above any rate two cores reach,
     * even a microbenchmark thread calling the filter alone, so no request is ever refused; a
     * realistic limit would be lower, but its cost per request is the same.
     */
    public static final long RATE = 1_000_000_000L;

    /** The six edge filters that come before router and load_balancer, in pipeline order. */
    public static final java.util.List<String> EDGE_FILTERS = java.util.List.of("forwarded_headers", "ip_acl", "cors",
            "jwt_auth", "rate_limit", "path_rewrite");

    private EdgePipeline() {
    }

    /** The key line of jwt_auth that reads the key set from {@code path} (as the load suite does). */
    public static String jwksFile(String path) {
        return "jwks_file: \"" + path + "\"";
    }

    /** The key line of jwt_auth that carries the key set inline (as the microbenchmark does). */
    public static String jwksInline(String jwks) {
        return "jwks: '" + jwks.replace("'", "''").replace("\n", "") + "'";
    }

    /** Every edge filter's entry, in order (list items indented for a chain's {@code filters}). */
    public static String filters(String jwksLine, int cacheSize) {
        StringBuilder yaml = new StringBuilder();
        for (String type : EDGE_FILTERS) {
            yaml.append(filter(type, jwksLine, cacheSize));
        }
        return yaml.toString();
    }

    /**
     * The entry of one edge filter; {@code cacheSize} is jwt_auth's (the default, 10,000, remembers
     * the client's token; 0 verifies the signature on every request).
     */
    public static String filter(String type, String jwksLine, int cacheSize) {
        return switch (type) {
            case "forwarded_headers" -> """
                          - filter: forwarded_headers
                            trusted_proxies: ["127.0.0.1/32"]
                    """;
            case "ip_acl" -> """
                          - filter: ip_acl
                            allow: ["127.0.0.0/8"]
                    """;
            case "cors" -> """
                          - filter: cors
                            allow_origins: ["%s"]
                            allow_methods: [GET, POST]
                            allow_headers: [Authorization, Content-Type]
                            expose_headers: [X-Request-ID]
                            max_age: 600
                    """.formatted(ALLOWED_ORIGIN);
            case "jwt_auth" -> """
                          - filter: jwt_auth
                            %s
                            issuer: "%s"
                            audience: ["%s"]
                            algorithms: [RS256]
                            cache_size: %d
                    """.formatted(jwksLine, EdgeCredentials.ISSUER, EdgeCredentials.AUDIENCE, cacheSize);
            case "rate_limit" -> """
                          - filter: rate_limit
                            mode: global
                            rate: %d
                            burst: %d
                    """.formatted(RATE, RATE);
            case "path_rewrite" -> """
                          - filter: path_rewrite
                            strip_prefix: %s
                    """.formatted(PREFIX);
            default -> throw new IllegalArgumentException("edge filter: " + type + " (expected one of "
                    + EDGE_FILTERS + ")");
        };
    }

    /** The headers the edge client sends besides wrk's own: its token, its page's origin, the balancer's hop. */
    public static Map<String, String> clientHeaders(String token) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer " + token);
        headers.put("Origin", ALLOWED_ORIGIN);
        headers.put("X-Forwarded-For", FORWARDED_CLIENT);
        return headers;
    }
}
