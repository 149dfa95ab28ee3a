package io.jpraxis.filters.traffic.endpointselector;

import io.jpraxis.config.dump.ClusterDumpTree;
import io.jpraxis.config.load.ClusterReader.Timeouts;
import io.jpraxis.config.model.ClusterTlsConfig;
import io.jpraxis.config.model.YamlShaped;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code endpoint_selector} filter's config (see docs/reference/filters/endpoint_selector.md).
 *
 * @param sourceHeader the header an earlier filter writes {@code host:port} into, lower case
 * @param connection the connection timeouts, each null when unset
 * @param tls TLS to the selected endpoints; null for plain TCP
 */
public record EndpointSelectorConfig(String sourceHeader, boolean stripHeader, boolean required,
        int statusOnRequiredFailure, Timeouts connection, ClusterTlsConfig tls) implements YamlShaped {
    static final int DEFAULT_STATUS = 500;
    static final int MIN_STATUS = 400;
    static final int MAX_STATUS = 599;
    /** No timeout set: the transport's defaults. */
    static final Timeouts NO_TIMEOUTS = new Timeouts(null, null, null, null, null);

    @Override
    public Object toYaml() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("source_header", sourceHeader);
        out.put("strip_header", stripHeader);
        out.put("required", required);
        out.put("status_on_required_failure", statusOnRequiredFailure);
        Map<String, Object> timeouts = new LinkedHashMap<>();
        putIfSet(timeouts, "connection_timeout_ms", connection.connectMs());
        putIfSet(timeouts, "total_connection_timeout_ms", connection.totalConnectMs());
        putIfSet(timeouts, "read_timeout_ms", connection.readMs());
        putIfSet(timeouts, "write_timeout_ms", connection.writeMs());
        putIfSet(timeouts, "idle_timeout_ms", connection.idleMs());
        if (!timeouts.isEmpty()) {
            out.put("connection", timeouts);
        }
        if (tls != null) {
            out.put("tls", ClusterDumpTree.tls(tls));
        }
        return out;
    }

    private static void putIfSet(Map<String, Object> out, String key, Object value) {
        if (value != null) {
            out.put(key, value);
        }
    }
}
