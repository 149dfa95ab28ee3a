package io.jpraxis.bench.micro;

import java.util.Locale;

/**
 * A generated config at the size limit the loader allows (1,000 filter chains), shaped like a
 * large multi-tenant deployment: listeners of {@value #CHAINS_PER_LISTENER} chains each, where
 * every chain but the last is a tenant's conditional headers (and sometimes timeout) filters, and
 * the last routes all of that listener's tenants through a router and a load balancer with one
 * two-endpoint cluster per tenant, the strategies taking turns.
 *
 * <p>Run {@code main} to write it out, e.g. to time {@code jpraxis validate -c FILE} end to end.
 */
public final class LargeConfig {
    /** Chains each listener references. */
    public static final int CHAINS_PER_LISTENER = 100;
    private static final String[] STRATEGIES = {
        "round_robin", "least_connections", "p2c", "random", "{consistent_hash: {header: x-tenant}}"};

    private LargeConfig() {
    }

    /** Prints the config of {@code args[0]} chains (default 1,000) to stdout. */
    public static void main(String[] args) {
        System.out.print(yaml(args.length > 0 ? Integer.parseInt(args[0]) : 1_000));
    }

    /** The config text for {@code chains} filter chains (a multiple of {@value #CHAINS_PER_LISTENER}). */
    public static String yaml(int chains) {
        if (chains <= 0 || chains % CHAINS_PER_LISTENER != 0) {
            throw new IllegalArgumentException("chains: " + chains + " (expected: a positive multiple of "
                    + CHAINS_PER_LISTENER + ")");
        }
        int listeners = chains / CHAINS_PER_LISTENER;
        StringBuilder out = new StringBuilder(chains * 700);
        out.append("listeners:\n");
        for (int l = 0; l < listeners; l++) {
            appendListener(out, l);
        }
        out.append("filter_chains:\n");
        for (int l = 0; l < listeners; l++) {
            int first = l * CHAINS_PER_LISTENER;
            for (int c = first; c < first + CHAINS_PER_LISTENER - 1; c++) {
                appendTenantChain(out, c);
            }
            appendRoutingChain(out, l, first);
        }
        return out.toString();
    }

    /** Name of chain {@code c} when it is a tenant chain. */
    public static String tenantChain(int c) {
        return String.format(Locale.ROOT, "tenant-%04d", c);
    }

    private static String routingChain(int listener) {
        return String.format(Locale.ROOT, "routing-%02d", listener);
    }

    private static void appendListener(StringBuilder out, int l) {
        out.append("  - name: edge-").append(l).append('\n')
                .append("    address: \"0.0.0.0:").append(8080 + l).append("\"\n")
                .append("    filter_chains:\n");
        int first = l * CHAINS_PER_LISTENER;
        for (int c = first; c < first + CHAINS_PER_LISTENER - 1; c++) {
            out.append("      - ").append(tenantChain(c)).append('\n');
        }
        out.append("      - ").append(routingChain(l)).append('\n');
    }

    /** A tenant's chain: gated on its path prefix, tagging the request and response. */
    private static void appendTenantChain(StringBuilder out, int c) {
        String tenant = tenantChain(c);
        out.append("  - name: ").append(tenant).append('\n')
                .append("    conditions:\n")
                .append("      - when:\n")
                .append("          path_prefix: \"/").append(tenant).append("\"\n")
                .append("    filters:\n")
                .append("      - filter: headers\n")
                .append("        conditions:\n")
                .append("          - unless:\n")
                .append("              methods: [OPTIONS]\n")
                .append("        request_set:\n")
                .append("          - name: x-tenant\n")
                .append("            value: ").append(tenant).append('\n')
                .append("        response_set:\n")
                .append("          - name: x-served-by\n")
                .append("            value: ").append(tenant).append('\n');
        if (c % 4 == 0) {
            out.append("      - filter: timeout\n")
                    .append("        timeout_ms: ").append(1_000 + c).append('\n');
        }
    }

    /** The listener's last chain: request ids, then a route and a cluster per tenant of the listener. */
    private static void appendRoutingChain(StringBuilder out, int l, int first) {
        int tenants = CHAINS_PER_LISTENER - 1;
        out.append("  - name: ").append(routingChain(l)).append('\n')
                .append("    filters:\n")
                .append("      - filter: request_id\n")
                .append("      - filter: router\n")
                .append("        routes:\n");
        for (int c = first; c < first + tenants; c++) {
            out.append("          - path_prefix: \"/").append(tenantChain(c)).append("\"\n")
                    .append("            cluster: ").append(tenantChain(c)).append('\n');
        }
        out.append("      - filter: load_balancer\n")
                .append("        clusters:\n");
        for (int c = first; c < first + tenants; c++) {
            String tenant = tenantChain(c);
            out.append("          - name: ").append(tenant).append('\n')
                    .append("            load_balancer_strategy: ").append(STRATEGIES[c % STRATEGIES.length]).append('\n')
                    .append("            endpoints:\n")
                    .append("              - \"").append(tenant).append("-a.backend.example.com:8080\"\n")
                    .append("              - {address: \"").append(tenant).append("-b.backend.example.com:8080\", weight: 2}\n");
        }
    }
}
