package io.jpraxis.bench.load;

import java.util.List;

/**
 * The configs jpraxis is benchmarked with: the plain proxy path (router and load balancer), a
 * 20-filter pipeline that adds 18 {@code headers} filters, each gated by conditions, one of them
 * run by a branch chain, the AI path, and the bound-upstream dispatch (direct branch and iterative
 * request router; see docs/behaviour/binding.md#example-bound-dispatch).
 */
public final class JpraxisConfigs {
    /**
     * The headers filters in the 20-filter pipeline: 17 in the chain and one in a branch; with
     * router and load_balancer, 20 filters on every request's path.
     */
    public static final int HEADERS_FILTERS = 18;
    /** The chain's headers filter whose branch runs the 18th; it applies to every benchmark request. */
    public static final int BRANCH_HOST = 10;

    /**
     * Conditions that hold for {@code GET /small} without special headers, cycled over the
     * filters so every predicate kind is compiled and evaluated.
     */
    private static final List<String> HOLDING = List.of(
            "- when: {path_prefix: \"/\"}",
            "- when: {methods: [GET, HEAD]}",
            "- unless: {headers_present: [x-bench-skip]}",
            "- when: {path: \"/small\"}",
            "- unless: {path_prefix: \"/admin\"}");

    /** Conditions that never hold for the benchmark's requests: those filters are skipped. */
    private static final List<String> FAILING = List.of(
            "- when: {path_prefix: \"/admin\"}",
            "- when: {headers_present: [x-debug]}",
            "- unless: {methods: [GET]}");

    /** The plain path's cluster selector: every request to cluster origin. */
    private static final String ROUTER = """
                  - filter: router
                    routes:
                      - path_prefix: "/"
                        cluster: origin
            """;

    private JpraxisConfigs() {
    }

    /** Router (path_prefix "/" to cluster origin) and load_balancer with one endpoint. */
    public static String plain(int port, String origin) {
        return document(port, origin, ROUTER, "");
    }

    /**
     * The edge pipeline ({@link EdgePipeline}): six edge filters, jwt_auth reading the key set
     * file at {@code jwksPath}, ahead of the plain path's router and load balancer.
     */
    public static String edgePipeline(int port, String origin, String jwksPath) {
        return document(port, origin, EdgePipeline.filters(EdgePipeline.jwksFile(jwksPath), JWT_CACHE_SIZE) + ROUTER,
                "");
    }

    /** jwt_auth's default cache: the client's one token is verified once, then remembered. */
    public static final int JWT_CACHE_SIZE = 10_000;

    /** The level nginx's peer config gives {@code gzip_comp_level}; jpraxis-gzip uses the same. */
    public static final int GZIP_LEVEL = 6;

    /**
     * {@code compression} (gzip only, level {@value #GZIP_LEVEL}, JSON responses) ahead of the
     * plain path, as nginx-gzip compresses ({@code gzip_types application/json}).
     */
    public static String gzip(int port, String origin) {
        return document(port, origin, """
                      - filter: compression
                        gzip:
                          level: %d
                        brotli:
                          enabled: false
                        zstd:
                          enabled: false
                        content_types: [application/json]
                """.formatted(GZIP_LEVEL) + ROUTER, "");
    }

    /** {@link #plain} on one event loop, the whole upstream pool budget on it. */
    public static String plainOneLoop(int port, String origin) {
        return plain(port, origin).replace(RUNTIME, """
                runtime:
                  threads: 1
                  upstream_keepalive_pool_size: 1024
                """);
    }

    /**
     * {@link #plain} on a TLS 1.3 listener serving {@code certificate}. With {@code listSuite} its
     * {@code cipher_suites} names TLS_AES_128_GCM_SHA256 alone, as the TLS peers in {@code
     * bench/peers/} are pinned, which puts jpraxis on the JDK's engine; without, it runs on
     * BoringSSL and the load tools' pin ({@link ClientTlsPin}) makes the same suite.
     */
    public static String tls(int port, String origin, BenchCertificate certificate, boolean listSuite) {
        String listener = "    filter_chains: [proxy]\n";
        return plain(port, origin).replace(listener, listener + """
                    tls:
                      certificates:
                        - cert_path: "%s"
                          key_path: "%s"
                      min_version: tls13
                """.formatted(certificate.cert(), certificate.key())
                + (listSuite ? "      cipher_suites: [tls13_aes_128_gcm_sha256]\n" : ""));
    }

    /**
     * The plain chain with 17 headers filters between router and load_balancer; 4 of them (the
     * 5th, 9th, 13th and 17th) are gated off, the rest apply. The 10th has a branch chain
     * ({@code rejoin: next}) that runs the 18th headers filter, so a branch is taken and rejoined
     * on every request.
     */
    public static String twentyFilters(int port, String origin) {
        StringBuilder filters = new StringBuilder();
        for (int i = 1; i < HEADERS_FILTERS; i++) {
            filters.append(headersFilter(i));
            if (i == BRANCH_HOST) {
                filters.append(branchRunning(HEADERS_FILTERS));
            }
        }
        return document(port, origin, ROUTER, filters.toString());
    }

    /** A {@code branch_chains} block (for the filter just written) whose one chain runs headers filter {@code n}. */
    private static String branchRunning(int n) {
        return """
                        branch_chains:
                          - name: bench_branch
                            rejoin: next
                            chains:
                              - name: bench_branch_chain
                                filters:
                """ + headersFilter(n).indent(12);
    }

    /**
     * The AI path: the body's model promoted to {@code X-Model}, {@code intelligent_route} picking
     * the one static candidate for {@link WrkScript#BENCH_MODEL}, and the load balancer.
     */
    public static String aiPath(int port, String origin) {
        return document(port, origin, "", """
                      - filter: model_to_header
                      - filter: intelligent_route
                        local_site: bench
                        candidates:
                          - {kind: inference_model, name: %s, site: bench, cluster: origin}
                """.formatted(WrkScript.BENCH_MODEL));
    }

    /** Whether the {@code n}th headers filter (1-based) is gated off for the benchmark's requests. */
    static boolean skipped(int n) {
        return n % 4 == 1 && n > 1;
    }

    private static String headersFilter(int n) {
        StringBuilder f = new StringBuilder("      - filter: headers\n        name: bench_headers_" + n + "\n");
        f.append("        conditions:\n");
        f.append("          ").append(HOLDING.get(n % HOLDING.size())).append('\n');
        if (skipped(n)) {
            f.append("          ").append(FAILING.get(n % FAILING.size())).append('\n');
        } else if (n % 2 == 0) {
            f.append("          ").append(HOLDING.get((n + 2) % HOLDING.size())).append('\n');
        }
        // Alternate what the filters change, so request and response mutation are both on the path.
        switch (n % 3) {
            case 1 -> f.append("        request_set:\n          - {name: x-bench-").append(n)
                    .append(", value: \"").append(n).append("\"}\n");
            case 2 -> f.append("        response_set:\n          - {name: x-bench-").append(n)
                    .append(", value: \"").append(n).append("\"}\n");
            default -> f.append("        request_remove: [x-bench-strip-").append(n).append("]\n")
                    .append("        response_remove: [x-bench-strip-").append(n).append("]\n");
        }
        return f.toString();
    }

    private static String document(int port, String origin, String selector, String middleFilters) {
        return """
                # Generated by the load suite (io.jpraxis.bench.load); rewritten on every run.
                listeners:
                  - name: bench
                    address: "127.0.0.1:%d"
                    filter_chains: [proxy]

                filter_chains:
                  - name: proxy
                    filters:
                %s%s      - filter: load_balancer
                        clusters:
                          - name: origin
                            endpoints: ["%s"]
                """.formatted(port, selector, middleFilters, origin) + TRAILER;
    }

    /** The features {@link #dispatch} needs, as {@code --features} takes them. */
    public static final String DISPATCH_FEATURES = "iterative-request-router";

    /**
     * The dispatch example (see docs/behaviour/binding.md#example-bound-dispatch) with both clusters
     * on the origin: a binding router ({@code /openai/} to {@code openai_backend}, the rest to {@code
     * chat_backend}), a {@code headers} host whose {@code bound_upstream} condition sends provider
     * traffic through a direct branch (bound load balancer, {@code rejoin: terminal}), a gateway
     * marker, and an {@code iterative_request_router} whose one step's bound load balancer serves the
     * rest.
     */
    public static String dispatch(int port, String origin) {
        return """
                # Generated by the load suite (io.jpraxis.bench.load); rewritten on every run.
                # Needs --features %s.
                listeners:
                  - name: bench
                    address: "127.0.0.1:%d"
                    filter_chains: [dispatch]

                filter_chains:
                  - name: dispatch
                    filters:
                      - filter: router
                        routes:
                          - path_prefix: "/openai/"
                            cluster: openai_backend
                          - path_prefix: "/"
                            cluster: chat_backend
                      - filter: headers
                        conditions:
                          - when:
                              bound_upstream:
                                application_provider: openai
                        branch_chains:
                          - name: direct-openai
                            rejoin: terminal
                            chains:
                              - name: direct-openai-dispatch
                                filters:
                                  - filter: load_balancer
                                    cluster_source: bound_upstream
                                    clusters:
                                      - name: openai_backend
                                        http:
                                          application_protocol: openai_responses
                                          application_provider: openai
                                        endpoints: ["%s"]
                      - filter: headers
                        response_set:
                          - name: "X-Gateway-Processed"
                            value: "true"
                      - filter: iterative_request_router
                        initial_step: inference
                        max_state_bytes: 65536
                        steps:
                          - name: inference
                            filters:
                              - filter: load_balancer
                                cluster_source: bound_upstream
                                clusters:
                                  - name: chat_backend
                                    http:
                                      application_protocol: openai_chat_completions
                                      application_provider: vllm
                                    endpoints: ["%s"]
                            on_result:
                              - default: true
                                done: true
                """.formatted(DISPATCH_FEATURES, port, origin, origin) + TRAILER;
    }

    /** The runtime block of {@link #TRAILER}. */
    private static final String RUNTIME = """
            runtime:
              upstream_keepalive_pool_size: 512
            """;

    /** Keys every generated config ends with. */
    private static final String TRAILER = """

            # nginx's peer config keeps "keepalive 1024" idle upstream connections; jpraxis
            # keeps its pool per event loop (two here), so 512 each is the same budget. The
            # default (64) would close and reopen origin connections under 1,000 clients.
            """ + RUNTIME + """

            insecure_options:
              # The origin runs on loopback.
              allow_private_endpoints: true

            # Nothing is in flight when the suite stops it; a short drain keeps the stop quick.
            shutdown_timeout_secs: 5
            """;
}
