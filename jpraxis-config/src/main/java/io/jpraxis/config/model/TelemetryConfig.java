package io.jpraxis.config.model;

import java.util.Map;

/**
 * The top-level {@code telemetry} block: OpenTelemetry trace export over OTLP (see
 * docs/behaviour/tracing.md). Unset values fall back to the standard {@code OTEL_*} environment
 * variables when the server starts; what the file says wins. Read once at start: a reload that
 * changes it needs a restart. The headers are credentials (an API key, say): {@link #toString}
 * and the config dump never show their values.
 *
 * @param otlpEndpoint the collector's URL, or null for {@code OTEL_EXPORTER_OTLP_ENDPOINT}
 * @param otlpHeaders headers sent with every export, in config order; empty for {@code OTEL_EXPORTER_OTLP_HEADERS}
 * @param samplingRate the share of new root traces sampled (0 to 1), or null for all of them
 * @param serviceName {@code service.name}, or null for the environment's, else {@code praxis}
 * @param serviceVersion {@code service.version}, or null for the environment's
 * @param environment {@code deployment.environment}, or null for the environment's
 * @param batchIntervalSecs the longest a finished span waits before it is exported
 * @param batchSize the most spans one export carries
 */
public record TelemetryConfig(String otlpEndpoint, Map<String, String> otlpHeaders, Double samplingRate,
        String serviceName, String serviceVersion, String environment, int batchIntervalSecs, int batchSize) {

    public static final int DEFAULT_BATCH_INTERVAL_SECS = 5;
    public static final int DEFAULT_BATCH_SIZE = 512;

    public TelemetryConfig {
        otlpHeaders = Map.copyOf(otlpHeaders); // order is not observable: headers are never listed
    }

    /** Names the header keys only: their values are secrets. */
    @Override
    public String toString() {
        return "TelemetryConfig[otlpEndpoint=" + otlpEndpoint + ", otlpHeaders=" + otlpHeaders.keySet().stream()
                .sorted().toList() + " (values hidden), samplingRate=" + samplingRate + ", serviceName=" + serviceName
                + ", serviceVersion=" + serviceVersion + ", environment=" + environment + ", batchIntervalSecs="
                + batchIntervalSecs + ", batchSize=" + batchSize + "]";
    }
}
