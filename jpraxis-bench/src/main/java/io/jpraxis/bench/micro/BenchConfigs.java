package io.jpraxis.bench.micro;

import java.util.Locale;

/**
 * The YAML of each microbenchmark: one listener, one chain, the filters under test. Written as
 * config text rather than records so the benchmarks build through the loader and the filter
 * factories exactly as a deployment does.
 */
public final class BenchConfigs {
    /** Endpoints of the balanced cluster: enough for the strategies' scans and schedules to matter. */
    public static final int BALANCED_ENDPOINTS = 8;
    /** The header {@code consistent_hash} hashes. */
    public static final String HASH_HEADER = "x-user-id";

    private BenchConfigs() {
    }

    /** Path prefix of route {@code i}; zero-padded so every route has the same length. */
    public static String routePrefix(int i) {
        return String.format(Locale.ROOT, "/svc/%04d", i);
    }

    /** Cluster of route {@code i}. */
    public static String routeCluster(int i) {
        return String.format(Locale.ROOT, "svc-%04d", i);
    }

    /**
     * A router with {@code routes} path_prefix routes. Equal prefix lengths leave the routes in
     * declaration order, so route {@code routes - 1} is the last one the router tries.
     */
    public static String router(int routes) {
        StringBuilder filters = new StringBuilder("""
                      - filter: router
                        routes:
                """);
        for (int i = 0; i < routes; i++) {
            filters.append("          - path_prefix: \"").append(routePrefix(i)).append("\"\n")
                    .append("            cluster: ").append(routeCluster(i)).append('\n');
        }
        return gateway(filters.toString());
    }

    /**
     * {@code count} headers filters, each gated by a condition every benchmark request meets, so
     * every filter runs: even ones by {@code when: path_prefix}, odd ones by {@code unless:
     * headers_present}. Each sets one request and one response header.
     */
    public static String headersPipeline(int count) {
        StringBuilder filters = new StringBuilder();
        for (int i = 0; i < count; i++) {
            String condition = i % 2 == 0
                    ? "when:\n              path_prefix: \"/api\""
                    : "unless:\n              headers_present: [x-skip-headers]";
            filters.append("      - filter: headers\n")
                    .append("        conditions:\n")
                    .append("          - ").append(condition).append('\n')
                    .append("        request_set:\n")
                    .append("          - name: x-bench-").append(i).append("\n            value: \"").append(i).append("\"\n")
                    .append("        response_set:\n")
                    .append("          - name: x-served-").append(i).append("\n            value: \"").append(i).append("\"\n");
        }
        return gateway(filters.toString());
    }

    /**
     * A load balancer over one cluster, {@code bench}, of {@link #BALANCED_ENDPOINTS} endpoints with
     * uneven weights (1 to 3), balanced by {@code strategy} (its YAML name).
     */
    public static String balancer(String strategy) {
        String strategyYaml = strategy.equals("consistent_hash")
                ? "{consistent_hash: {header: " + HASH_HEADER + "}}"
                : strategy;
        // A router before it: the ordering checks refuse a load balancer nothing selects a cluster for.
        StringBuilder filters = new StringBuilder("""
                      - filter: router
                        routes:
                          - path_prefix: "/"
                            cluster: bench
                      - filter: load_balancer
                        clusters:
                          - name: bench
                """);
        filters.append("            load_balancer_strategy: ").append(strategyYaml).append('\n')
                .append("            endpoints:\n");
        for (int i = 0; i < BALANCED_ENDPOINTS; i++) {
            filters.append("              - {address: \"10.0.0.").append(i + 1).append(":8080\", weight: ")
                    .append(1 + i % 3).append("}\n");
        }
        return gateway(filters.toString());
    }

    /**
     * A headers filter gated by {@code conditionsYaml} (list items, indented for an entry) and by
     * {@code responseConditionsYaml} on the response side.
     */
    public static String gatedFilter(String conditionsYaml, String responseConditionsYaml) {
        return gateway("      - filter: headers\n"
                + "        conditions:\n" + conditionsYaml
                + "        response_conditions:\n" + responseConditionsYaml
                + "        request_set:\n"
                + "          - name: x-gated\n"
                + "            value: \"yes\"\n");
    }

    /** One listener whose only chain holds {@code filtersYaml} (list items of {@code filters}). */
    private static String gateway(String filtersYaml) {
        return """
                listeners:
                  - name: public
                    address: "127.0.0.1:8080"
                    filter_chains: [bench]
                filter_chains:
                  - name: bench
                    filters:%s
                """.formatted(filtersYaml.isEmpty() ? " []" : "") + filtersYaml + """
                insecure_options:
                  allow_private_endpoints: true
                """;
    }

    /** The plain path's cluster selector and balancer, to an endpoint nothing connects to here. */
    private static final String PLAIN = """
                  - filter: router
                    routes:
                      - path_prefix: "/"
                        cluster: origin
                  - filter: load_balancer
                    clusters:
                      - name: origin
                        endpoints: ["10.0.0.1:8080"]
            """;

    /**
     * A stage of {@code EdgeFilterBenchmark}: {@code none} (no filter), {@code router} alone,
     * {@code plain}, one edge filter before the plain path, {@code jwt_auth_fresh} (no token cache),
     * or {@code edge} (the whole pipeline); jwt_auth carries {@code jwks} inline.
     */
    public static String edgeStage(String stage, String jwks) {
        String key = io.jpraxis.bench.load.EdgePipeline.jwksInline(jwks);
        return gateway(switch (stage) {
            case "none" -> "";
            case "router" -> PLAIN.substring(0, PLAIN.indexOf("      - filter: load_balancer"));
            case "plain" -> PLAIN;
            case "edge" -> io.jpraxis.bench.load.EdgePipeline.filters(key, EDGE_JWT_CACHE) + PLAIN;
            case "jwt_auth_fresh" -> io.jpraxis.bench.load.EdgePipeline.filter("jwt_auth", key, 0) + PLAIN;
            default -> io.jpraxis.bench.load.EdgePipeline.filter(stage, key, EDGE_JWT_CACHE) + PLAIN;
        });
    }

    /** jwt_auth's default cache size, as the load suite's edge pipeline keeps it. */
    static final int EDGE_JWT_CACHE = 10_000;

    /** {@code model_to_header} ahead of a router and load balancer, as an AI edge chain starts. */
    public static String modelToHeader() {
        return gateway("""
                      - filter: model_to_header
                      - filter: router
                        routes:
                          - path_prefix: "/"
                            cluster: llm
                      - filter: load_balancer
                        clusters:
                          - name: llm
                            endpoints: ["10.0.0.1:8000"]
                """);
    }
}
