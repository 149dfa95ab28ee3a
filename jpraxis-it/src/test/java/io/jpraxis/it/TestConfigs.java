package io.jpraxis.it;

/** YAML for end-to-end tests: one listener on an ephemeral port, loopback origins allowed. */
final class TestConfigs {
    private TestConfigs() {
    }

    /**
     * A listener whose single chain holds {@code filters} (YAML list items), plus {@code topLevel}
     * keys; loopback endpoints are allowed unless {@code topLevel} brings its own insecure_options.
     */
    static String pipeline(String filters, String topLevel) {
        String insecure = topLevel.contains("insecure_options:") ? ""
                : "insecure_options:\n  allow_private_endpoints: true\n";
        return """
                listeners:
                  - name: it
                    address: "127.0.0.1:0"
                    filter_chains: [main]
                filter_chains:
                  - name: main
                    filters:
                %s
                %s%s
                """.formatted(filters.indent(6).stripTrailing(), insecure, topLevel);
    }

    static String pipeline(String filters) {
        return pipeline(filters, "");
    }

    /** A router with {@code routes} (YAML list items) in front of a load balancer with {@code clusters}. */
    static String routed(String routes, String clusters) {
        return pipeline("""
                - filter: router
                  routes:
                %s
                - filter: load_balancer
                  clusters:
                %s
                """.formatted(routes.indent(4).stripTrailing(), clusters.indent(4).stripTrailing()));
    }

    /** Every request to one cluster of one endpoint, plus {@code topLevel} keys. */
    static String proxyTo(String address, String topLevel) {
        return pipeline("""
                - filter: router
                  routes:
                    - path_prefix: "/"
                      cluster: only
                - filter: load_balancer
                  clusters:
                    - name: only
                      endpoints: ["%s"]
                """.formatted(address), topLevel);
    }

    /**
     * Every request to cluster {@code pool} over {@code origins} with {@code strategy}, plus
     * {@code clusterKeys} (YAML keys of the cluster, e.g. a health_check); loopback endpoints and
     * health checks allowed.
     */
    static String balanced(String strategy, String clusterKeys, io.jpraxis.testkit.TestOrigin... origins) {
        StringBuilder endpoints = new StringBuilder();
        for (io.jpraxis.testkit.TestOrigin o : origins) {
            endpoints.append(endpoints.isEmpty() ? "" : ", ").append('"').append(o.address()).append('"');
        }
        return pipeline("""
                - filter: router
                  routes:
                    - path_prefix: "/"
                      cluster: pool
                - filter: load_balancer
                  clusters:
                    - name: pool
                      load_balancer_strategy: %s
                      endpoints: [%s]
                %s
                """.formatted(strategy, endpoints, clusterKeys.indent(6).stripTrailing()), """
                insecure_options:
                  allow_private_endpoints: true
                  allow_private_health_checks: true
                """);
    }
}
