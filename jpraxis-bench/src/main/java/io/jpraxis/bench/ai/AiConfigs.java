package io.jpraxis.bench.ai;

import io.jpraxis.bench.load.JpraxisConfigs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The gateways the AI benchmark compares: examples/ai-gateway.yaml itself with only its addresses
 * moved to free ports (as AiGatewayExampleTest adapts it), the same file without its
 * {@code token_count} filters, and the plain path (router and load_balancer) to the same provider.
 */
final class AiConfigs {
    /** The example's addresses: listener, admin, providers A, B and C. */
    static final String LISTENER = "127.0.0.1:8080";
    static final String ADMIN = "127.0.0.1:9901";
    static final String PROVIDER_A = "127.0.0.1:18001";
    static final String PROVIDER_B = "127.0.0.1:18002";
    static final String PROVIDER_C = "127.0.0.1:18003";

    private AiConfigs() {
    }

    /** The example with every address in {@code moves} replaced; each must occur in it. */
    static String flagship(String example, Map<String, String> moves) {
        String yaml = example;
        for (Map.Entry<String, String> m : moves.entrySet()) {
            if (!yaml.contains("\"" + m.getKey() + "\"")) {
                throw new IllegalArgumentException("examples/ai-gateway.yaml: no \"" + m.getKey()
                        + "\" (expected: the example's addresses)");
            }
            yaml = yaml.replace("\"" + m.getKey() + "\"", "\"" + m.getValue() + "\"");
        }
        return yaml;
    }

    /**
     * The same document without its {@code token_count} filters: each {@code - filter:
     * token_count} item and the lines indented under it go; everything else stays as written.
     */
    static String withoutTokenCount(String yaml) {
        List<String> kept = new ArrayList<>();
        int dropIndent = -1;
        int removed = 0;
        for (String line : yaml.split("\n", -1)) {
            int indent = line.length() - line.stripLeading().length();
            if (dropIndent >= 0) {
                if (line.isBlank() || indent > dropIndent) {
                    continue;
                }
                dropIndent = -1;
            }
            if (line.stripLeading().equals("- filter: token_count")) {
                dropIndent = indent;
                removed++;
                continue;
            }
            kept.add(line);
        }
        if (removed == 0) {
            throw new IllegalArgumentException("examples/ai-gateway.yaml: no token_count filter to remove");
        }
        return String.join("\n", kept);
    }

    /** The plain path: router and load_balancer to the one provider at {@code provider}. */
    static String plain(int port, String provider) {
        return JpraxisConfigs.plain(port, provider);
    }
}
