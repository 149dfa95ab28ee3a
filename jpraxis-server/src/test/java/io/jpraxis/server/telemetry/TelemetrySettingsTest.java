package io.jpraxis.server.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.model.TelemetryConfig;
import io.jpraxis.server.telemetry.TelemetrySettings.Protocol;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The telemetry block over the OTEL_* environment: the file wins, the environment fills gaps. */
class TelemetrySettingsTest {
    private static TelemetryConfig config(String endpoint, Map<String, String> headers, String name) {
        return new TelemetryConfig(endpoint, headers, null, name, null, null, 5, 512);
    }

    @Test
    void withoutABlockOrAnEndpointTracingIsOff() {
        Map<String, String> env = Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4317");

        assertThat(TelemetrySettings.resolve(null, env)).as("the environment alone turns nothing on").isNull();
        assertThat(TelemetrySettings.resolve(config(null, Map.of(), null), Map.of())).as("no endpoint anywhere")
                .isNull();
        assertThat(TelemetrySettings.resolve(config(null, Map.of(), null), env).endpoint())
                .as("the block with the environment's endpoint").isEqualTo("http://collector:4317");
    }

    @Test
    void theFileWinsOverTheEnvironment() {
        Map<String, String> env = Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://env:4317",
                "OTEL_EXPORTER_OTLP_HEADERS", "authorization=Bearer%20env", "OTEL_SERVICE_NAME", "env-name",
                "OTEL_RESOURCE_ATTRIBUTES", "service.version=9,deployment.environment=prod");

        TelemetrySettings s = TelemetrySettings.resolve(config("http://file:4317", Map.of("x-key", "file"), "file-name"),
                env);

        assertThat(s.endpoint()).isEqualTo("http://file:4317");
        assertThat(s.headers()).as("the file's headers replace the environment's").isEqualTo(Map.of("x-key", "file"));
        assertThat(s.serviceName()).isEqualTo("file-name");
        assertThat(s.serviceVersion()).as("unset in the file: the resource attribute").isEqualTo("9");
        assertThat(s.environment()).isEqualTo("prod");
    }

    @Test
    void theEnvironmentFillsWhatTheFileLeavesUnset() {
        TelemetrySettings s = TelemetrySettings.resolve(config("http://file:4317", Map.of(), null), Map.of(
                "OTEL_EXPORTER_OTLP_HEADERS", "authorization=Bearer%20env,x-tenant=acme",
                "OTEL_RESOURCE_ATTRIBUTES", "service.name=from-resource"));

        assertThat(s.headers()).as("k=v pairs, values percent-decoded")
                .isEqualTo(Map.of("authorization", "Bearer env", "x-tenant", "acme"));
        assertThat(s.serviceName()).as("OTEL_SERVICE_NAME unset: service.name of the resource")
                .isEqualTo("from-resource");
        assertThat(TelemetrySettings.resolve(config("http://f:1", Map.of(), null), Map.of()).serviceName())
                .as("nothing anywhere: Praxis's name").isEqualTo("praxis");
    }

    @Test
    void theProtocolIsGrpcUnlessTheEnvironmentSaysHttpProtobuf() {
        assertThat(TelemetrySettings.protocol(null)).isEqualTo(Protocol.GRPC);
        assertThat(TelemetrySettings.protocol("grpc")).isEqualTo(Protocol.GRPC);
        assertThat(TelemetrySettings.protocol("http/protobuf")).isEqualTo(Protocol.HTTP_PROTOBUF);
        assertThatThrownBy(() -> TelemetrySettings.protocol("http/json")).as("a protocol jpraxis cannot send")
                .hasMessage("OTEL_EXPORTER_OTLP_PROTOCOL: \"http/json\" (expected: grpc | http/protobuf)");
    }

    @Test
    void aMalformedHeaderListNamesTheVariableButNoValueAndToStringHidesValues() {
        assertThatThrownBy(() -> TelemetrySettings.pairs("authorization=secret,broken", "OTEL_EXPORTER_OTLP_HEADERS"))
                .hasMessage("OTEL_EXPORTER_OTLP_HEADERS: member 2 (expected: key=value)");
        TelemetrySettings s = TelemetrySettings.resolve(config("http://f:1", Map.of("authorization", "s3cr3t"), null),
                Map.of());
        assertThat(s.toString()).contains("authorization").doesNotContain("s3cr3t");
    }

    @Test
    void anHttpBaseUrlGetsTheTracesPathAndAFullOneIsKept() {
        assertThat(OtlpTracing.httpEndpoint("http://c:4318")).isEqualTo("http://c:4318/v1/traces");
        assertThat(OtlpTracing.httpEndpoint("http://c:4318/")).isEqualTo("http://c:4318/v1/traces");
        assertThat(OtlpTracing.httpEndpoint("https://c/custom/traces")).isEqualTo("https://c/custom/traces");
    }

    @Test
    void samplingFollowsTheParentAndSamplesNewRootsByRatio() {
        assertThat(OtlpTracing.sampler(null).getDescription()).contains("root:AlwaysOnSampler");
        assertThat(OtlpTracing.sampler(0.25).getDescription()).contains("root:TraceIdRatioBased{0.250000}");
    }
}
