package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.TelemetryConfig;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the top-level {@code telemetry} block (see docs/behaviour/tracing.md#configuration). A
 * header value is never echoed in a diagnostic: it is usually a credential.
 */
public final class TelemetryReader {
    /** The longest batch interval: an hour; past that a crash loses too much. */
    static final int MAX_BATCH_INTERVAL_SECS = 3_600;
    /** The largest batch: the SDK's queue holds four batches. */
    static final int MAX_BATCH_SIZE = 65_536;
    static final int MAX_HEADERS = 64;

    /** The keys of {@code telemetry}. */
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("OpenTelemetry trace export over OTLP; "
            + "tracing is off without this block.",
            key("otlp_endpoint", new KeyType.Text(1, 2_048), "The collector's http:// or https:// URL; unset: "
                    + "OTEL_EXPORTER_OTLP_ENDPOINT, and no export without either. The protocol is "
                    + "OTEL_EXPORTER_OTLP_PROTOCOL: grpc (default) or http/protobuf."),
            key("otlp_headers", new KeyType.MapOf(KeyType.text(), 0), "Headers sent with every export "
                    + "(an API key, say); unset: OTEL_EXPORTER_OTLP_HEADERS. Never logged or dumped."),
            key("sampling_rate", new KeyType.Num(KeyType.Num.FROM_ZERO, 1.0, "a number from 0.0 to 1.0"),
                    "The share of new root traces sampled; a sampled inbound parent is always followed. "
                            + "Unset: every trace."),
            key("service_name", new KeyType.Text(1, 256), "The service.name resource attribute; unset: "
                    + "OTEL_SERVICE_NAME, else service.name in OTEL_RESOURCE_ATTRIBUTES, else praxis."),
            key("service_version", new KeyType.Text(1, 256), "The service.version resource attribute; unset: "
                    + "service.version in OTEL_RESOURCE_ATTRIBUTES."),
            key("environment", new KeyType.Text(1, 256), "The deployment.environment resource attribute; "
                    + "unset: deployment.environment in OTEL_RESOURCE_ATTRIBUTES."),
            key("batch_interval_secs", KeyType.integer(1, MAX_BATCH_INTERVAL_SECS),
                    "The longest a finished span waits before it is exported, in seconds.")
                    .withDefault(TelemetryConfig.DEFAULT_BATCH_INTERVAL_SECS),
            key("batch_size", KeyType.integer(1, MAX_BATCH_SIZE), "The most spans one export carries.")
                    .withDefault(TelemetryConfig.DEFAULT_BATCH_SIZE));

    private TelemetryReader() {
    }

    /** Reads the block; absent or null gives null (tracing off). */
    public static TelemetryConfig read(ConfigNode node, ConfigPath path, Diagnostics d) {
        if (node == null || node instanceof ConfigNode.NullNode) {
            return null;
        }
        MapReader r = MapReader.of(node, path, d, KEYS);
        String endpoint = r.string("otlp_endpoint").filter(e -> validEndpoint(r, e)).orElse(null);
        Map<String, String> headers = r.present("otlp_headers").map(n -> headers(n, r.path("otlp_headers"), d))
                .orElse(Map.of());
        Double rate = r.number("sampling_rate").orElse(null);
        String name = nonBlank(r, "service_name");
        String version = nonBlank(r, "service_version");
        String environment = nonBlank(r, "environment");
        int interval = r.integer("batch_interval_secs").map(Long::intValue)
                .orElse(TelemetryConfig.DEFAULT_BATCH_INTERVAL_SECS);
        int size = r.integer("batch_size").map(Long::intValue).orElse(TelemetryConfig.DEFAULT_BATCH_SIZE);
        r.finish();
        return new TelemetryConfig(endpoint, headers, rate, name, version, environment, interval, size);
    }

    private static boolean validEndpoint(MapReader r, String endpoint) {
        try {
            URI uri = new URI(endpoint);
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null
                    && uri.getQuery() == null && uri.getFragment() == null && uri.getUserInfo() == null) {
                return true;
            }
        } catch (URISyntaxException e) {
            // reported below
        }
        r.invalid("otlp_endpoint", "an http:// or https:// URL with a host, such as http://127.0.0.1:4317, "
                + "without user info, query or fragment");
        return false;
    }

    private static String nonBlank(MapReader r, String key) {
        Optional<String> value = r.string(key);
        if (value.isPresent() && value.get().isBlank()) {
            r.invalid(key, "a non-blank name");
            return null;
        }
        return value.orElse(null);
    }

    /** Header names are tokens (RFC 9110 5.6.2); values printable ASCII. Values never appear in a message. */
    private static Map<String, String> headers(ConfigNode node, ConfigPath path, Diagnostics d) {
        if (!(node instanceof ConfigNode.MapNode m)) {
            d.invalid(path, node.line(), "(not a map)", "a map of header name: value");
            return Map.of();
        }
        if (m.entries().size() > MAX_HEADERS) {
            d.invalid(path, node.line(), m.entries().size() + " headers", "at most " + MAX_HEADERS);
            return Map.of();
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (ConfigNode.MapNode.Entry e : m.entries()) {
            ConfigPath at = path.key(e.key());
            if (!isToken(e.key())) {
                d.invalid(path, e.keyLine(), Names.quote(e.key()), "a header name (letters, digits and !#$%&'*+-.^_`|~)");
            } else if (!(e.value() instanceof ConfigNode.ScalarNode s) || !printable(s.text())) {
                d.invalid(at, e.value().line(), "(value hidden)", "a header value of printable characters");
            } else {
                out.put(e.key(), s.text());
            }
        }
        return out;
    }

    static boolean isToken(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static boolean printable(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 && c != '\t' || c == 0x7f) {
                return false;
            }
        }
        return true;
    }
}
