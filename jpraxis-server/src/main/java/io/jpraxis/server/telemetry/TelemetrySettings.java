package io.jpraxis.server.telemetry;

import io.jpraxis.config.model.TelemetryConfig;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What tracing runs with: the {@code telemetry} block, each unset key taken from the standard
 * OpenTelemetry environment variables (see docs/behaviour/tracing.md#configuration). The file
 * wins over the environment. {@link #toString} hides header values.
 *
 * @param endpoint the collector URL; for {@link Protocol#HTTP_PROTOBUF} the traces path is added
 *     unless the URL has a path
 * @param protocol from {@code OTEL_EXPORTER_OTLP_PROTOCOL}: {@code grpc} (default) or {@code http/protobuf}
 * @param samplingRate the share of new root traces sampled, or null for all
 */
public record TelemetrySettings(String endpoint, Protocol protocol, Map<String, String> headers, Double samplingRate,
        String serviceName, String serviceVersion, String environment, int batchIntervalSecs, int batchSize) {

    public static final String DEFAULT_SERVICE_NAME = "praxis";
    static final String ENDPOINT = "OTEL_EXPORTER_OTLP_ENDPOINT";
    static final String PROTOCOL = "OTEL_EXPORTER_OTLP_PROTOCOL";
    static final String HEADERS = "OTEL_EXPORTER_OTLP_HEADERS";
    static final String SERVICE_NAME = "OTEL_SERVICE_NAME";
    static final String RESOURCE_ATTRIBUTES = "OTEL_RESOURCE_ATTRIBUTES";

    /** How spans travel to the collector. */
    public enum Protocol {
        GRPC, HTTP_PROTOBUF
    }

    public TelemetrySettings {
        headers = Map.copyOf(headers);
    }

    /**
     * The settings {@code config} and {@code env} give, or null when tracing is off: no
     * {@code telemetry} block, or no endpoint in it or the environment.
     *
     * @throws IllegalArgumentException naming a variable whose value cannot be used
     */
    public static TelemetrySettings resolve(TelemetryConfig config, Map<String, String> env) {
        if (config == null) {
            return null;
        }
        String endpoint = config.otlpEndpoint() != null ? config.otlpEndpoint() : blankToNull(env.get(ENDPOINT));
        if (endpoint == null) {
            return null;
        }
        Map<String, String> resource = pairs(env.get(RESOURCE_ATTRIBUTES), RESOURCE_ATTRIBUTES);
        String name = first(config.serviceName(), blankToNull(env.get(SERVICE_NAME)), resource.get("service.name"),
                DEFAULT_SERVICE_NAME);
        return new TelemetrySettings(endpoint, protocol(env.get(PROTOCOL)),
                config.otlpHeaders().isEmpty() ? pairs(env.get(HEADERS), HEADERS) : config.otlpHeaders(),
                config.samplingRate(), name, first(config.serviceVersion(), resource.get("service.version")),
                first(config.environment(), resource.get("deployment.environment")), config.batchIntervalSecs(),
                config.batchSize());
    }

    static Protocol protocol(String value) {
        String v = blankToNull(value);
        if (v == null || v.trim().equals("grpc")) {
            return Protocol.GRPC;
        }
        if (v.trim().equals("http/protobuf")) {
            return Protocol.HTTP_PROTOBUF;
        }
        throw new IllegalArgumentException(PROTOCOL + ": \"" + v + "\" (expected: grpc | http/protobuf)");
    }

    /**
     * {@code k=v,k=v} as the OpenTelemetry environment spells lists (values percent-decoded);
     * a member without {@code =} is an error naming the variable, never its values.
     */
    static Map<String, String> pairs(String value, String variable) {
        Map<String, String> out = new LinkedHashMap<>();
        if (blankToNull(value) == null) {
            return out;
        }
        int index = 0;
        for (String member : value.split(",")) {
            index++;
            if (member.isBlank()) {
                continue;
            }
            int eq = member.indexOf('=');
            if (eq <= 0 || member.substring(0, eq).isBlank()) {
                throw new IllegalArgumentException(variable + ": member " + index + " (expected: key=value)");
            }
            out.put(member.substring(0, eq).trim(), decode(member.substring(eq + 1).trim()));
        }
        return out;
    }

    private static String decode(String value) {
        try {
            return java.net.URLDecoder.decode(value.replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return value; // not percent-encoded after all
        }
    }

    private static String first(String... values) {
        for (String v : values) {
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    @Override
    public String toString() {
        return "TelemetrySettings[endpoint=" + endpoint + ", protocol=" + protocol.name().toLowerCase(Locale.ROOT)
                + ", headers=" + headers.keySet().stream().sorted().toList() + " (values hidden), samplingRate="
                + samplingRate + ", serviceName=" + serviceName + ", serviceVersion=" + serviceVersion
                + ", environment=" + environment + ", batchIntervalSecs=" + batchIntervalSecs + ", batchSize="
                + batchSize + "]";
    }
}
