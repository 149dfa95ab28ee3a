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
}
