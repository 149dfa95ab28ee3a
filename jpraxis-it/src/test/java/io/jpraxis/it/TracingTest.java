package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.server.telemetry.OtlpTracing;
import io.jpraxis.http.server.HttpGateway;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import io.opentelemetry.proto.trace.v1.Span;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * OpenTelemetry tracing end to end (see docs/behaviour/tracing.md): a real gateway in front of a
 * real origin exports its spans over the network to a small OTLP collector, over gRPC and over
 * HTTP; the test reads what arrived and what the origin received.
 */
class TracingTest {
    static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    static final String CLIENT_SPAN = "00f067aa0ba902b7";
    static final Duration WAIT = Duration.ofSeconds(10);

    private TestOrigin origin;
    private OtlpCollector collector;
    private ServingGateway serving;

    @BeforeEach
    void start() {
        origin = TestOrigin.start("origin");
    }

    @AfterEach
    void stop() {
        if (serving != null) {
            serving.shutdown(Duration.ZERO);
        }
        if (collector != null) {
            collector.close();
        }
        origin.close();
    }

    static String telemetry(String endpoint, String extra) {
        return """
                telemetry:
                  otlp_endpoint: "%s"
                  batch_interval_secs: 1
                """.formatted(endpoint) + extra.indent(2);
    }

    private int serve(String yaml, FeatureSet features) {
        List<FilterFactory<?>> types = new ArrayList<>(GatewayFilters.all());
        types.add(new GenAiMetadataFactory());
        FilterRegistry registry = FilterRegistry.withBuiltIns(types);
        RuntimeServices services = RuntimeServices.system();
        CompileResult built = new GatewayBuilder(features, services, registry).build(yaml);
        assertThat(built.ok()).as(built.diagnostics().all().stream().map(Diagnostic::render)
                .collect(Collectors.joining("\n"))).isTrue();
        serving = ServingGateway.start(built.gateway(), services, registry);
        return serving.http().boundAddresses().values().iterator().next().getPort();
    }

    static RawResponse get(int port, String path, String... headerLines) throws Exception {
        StringBuilder head = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: gateway.test\r\n");
        for (String line : headerLines) {
            head.append(line).append("\r\n");
        }
        try (RawHttpConnection conn = RawHttpConnection.open(port)) {
            return conn.send(head.append("Connection: close\r\n\r\n").toString()).readResponse();
        }
    }

    static String hex(com.google.protobuf.ByteString bytes) {
        return HexFormat.of().formatHex(bytes.toByteArray());
    }

    static Map<String, Object> attributes(Span span) {
        return span.getAttributesList().stream().collect(Collectors.toMap(kv -> kv.getKey(), kv -> switch (
                kv.getValue().getValueCase()) {
            case INT_VALUE -> kv.getValue().getIntValue();
            case BOOL_VALUE -> kv.getValue().getBoolValue();
            default -> kv.getValue().getStringValue();
        }));
    }

    static Span only(List<OtlpCollector.Received> spans, Span.SpanKind kind) {
        List<Span> found = spans.stream().map(OtlpCollector.Received::span).filter(s -> s.getKind() == kind).toList();
        assertThat(found).as("one " + kind + " span among " + spans.size()).hasSize(1);
        return found.getFirst();
    }

    @Test
    void exportsLinkedServerAndClientSpansOverGrpcAndTheOriginParentsOnTheClientSpan() throws Exception {
        collector = OtlpCollector.grpc();
        int port = serve(TestConfigs.proxyTo(origin.address(), telemetry(collector.endpoint(), """
                otlp_headers: {authorization: "Bearer collector-token"}
                service_name: edge-gateway
                service_version: "1.2.3"
                environment: staging
                """)).replace("    filters:\n", "    filters:\n      - filter: " + GenAiMetadataFactory.TYPE + "\n"),
                FeatureSet.NONE);

        RawResponse response = get(port, "/v1/chat/completions",
                "traceparent: 00-" + TRACE_ID + "-" + CLIENT_SPAN + "-01", "tracestate: vendor=abc,other=1",
                "cookie: session=do-not-export", "authorization: Bearer client-secret");
        assertThat(response.status()).isEqualTo(200);
        List<OtlpCollector.Received> spans = collector.await(2, WAIT);

        Span server = only(spans, Span.SpanKind.SPAN_KIND_SERVER);
        Span client = only(spans, Span.SpanKind.SPAN_KIND_CLIENT);
        assertThat(hex(server.getTraceId())).as("the server span joins the client's trace").isEqualTo(TRACE_ID);
        assertThat(hex(server.getParentSpanId())).as("parented by the inbound traceparent").isEqualTo(CLIENT_SPAN);
        assertThat(server.getTraceState()).as("a valid tracestate is kept").isEqualTo("vendor=abc,other=1");
        assertThat(hex(client.getTraceId())).isEqualTo(TRACE_ID);
        assertThat(hex(client.getParentSpanId())).as("the attempt is a child of the request")
                .isEqualTo(hex(server.getSpanId()));
        Map<String, String> received = origin.requestHeads().getFirst();
        assertThat(received.get("traceparent")).as("the origin parents on the client span")
                .isEqualTo("00-" + TRACE_ID + "-" + hex(client.getSpanId()) + "-01");
        assertThat(received.get("tracestate")).isEqualTo("vendor=abc,other=1");

        assertThat(attributes(server)).as("server span: bounded HTTP and GenAI attributes")
                .containsEntry("http.request.method", "GET").containsEntry("http.response.status_code", 200L)
                .containsEntry("jpraxis.cluster", "only").containsEntry("gen_ai.request.model", "gpt-4o")
                .containsEntry("gen_ai.response.model", "gpt-4o-2024-08-06")
                .containsEntry("gen_ai.provider.name", "openai").containsEntry("gen_ai.usage.input_tokens", 12L)
                .containsEntry("gen_ai.usage.output_tokens", 34L);
        assertThat(attributes(client)).as("client span: the endpoint and its answer")
                .containsEntry("http.request.method", "GET").containsEntry("server.address", "127.0.0.1")
                .containsEntry("server.port", (long) origin.port()).containsEntry("http.response.status_code", 200L)
                .containsEntry("jpraxis.cluster", "only");
        assertThat(spans.toString()).as("no cookie, credential or path is exported")
                .doesNotContain("do-not-export").doesNotContain("client-secret").doesNotContain("/v1/chat");

        OtlpCollector.Received any = spans.getFirst();
        assertThat(any.authorization()).as("otlp_headers go with the export").isEqualTo("Bearer collector-token");
        assertThat(any.resource().toString()).as("resource attributes").contains("edge-gateway").contains("1.2.3")
                .contains("staging").contains("deployment.environment");
    }

    @Test
    void aMalformedOrRepeatedTraceparentStartsANewRootAndItsTracestateIsDropped() throws Exception {
        collector = OtlpCollector.grpc();
        int port = serve(TestConfigs.proxyTo(origin.address(), telemetry(collector.endpoint(), "")), FeatureSet.NONE);

        get(port, "/a", "traceparent: 00-" + TRACE_ID.toUpperCase() + "-" + CLIENT_SPAN + "-01", "tracestate: v=1");
        get(port, "/b", "traceparent: 00-" + TRACE_ID + "-" + CLIENT_SPAN + "-01",
                "traceparent: 00-" + TRACE_ID + "-" + CLIENT_SPAN + "-01");
        List<OtlpCollector.Received> spans = collector.await(4, WAIT);

        List<Span> servers = spans.stream().map(OtlpCollector.Received::span)
                .filter(s -> s.getKind() == Span.SpanKind.SPAN_KIND_SERVER).toList();
        assertThat(servers).hasSize(2).allSatisfy(s -> {
            assertThat(s.getParentSpanId().isEmpty()).as("a new root").isTrue();
            assertThat(hex(s.getTraceId())).as("not the client's trace").isNotEqualTo(TRACE_ID);
            assertThat(s.getTraceState()).as("tracestate without a valid parent is dropped").isEmpty();
        });
        assertThat(origin.requestHeads()).allSatisfy(h -> assertThat(h.get("traceparent"))
                .as("one traceparent, the gateway's").doesNotContain(TRACE_ID).doesNotContain(","));
        assertThat(origin.requestHeads().getFirst()).doesNotContainKey("tracestate");
    }

    @Test
    void samplingRateZeroExportsNothingButStillPropagatesAnUnsampledContext() throws Exception {
        collector = OtlpCollector.grpc();
        int port = serve(TestConfigs.proxyTo(origin.address(), telemetry(collector.endpoint(), "sampling_rate: 0")),
                FeatureSet.NONE);

        for (int i = 0; i < 3; i++) {
            assertThat(get(port, "/x").status()).isEqualTo(200);
        }
        serving.shutdown(Duration.ofSeconds(1)); // flushes whatever the batch processor holds
        serving = null;

        assertThat(collector.received()).as("no span of an unsampled trace is exported").isEmpty();
        assertThat(origin.requestHeads()).hasSize(3).allSatisfy(h -> assertThat(h.get("traceparent"))
                .as("the origin still gets a context, not sampled (02 is the W3C level 2 random-id flag)")
                .matches("00-[0-9a-f]{32}-[0-9a-f]{16}-0[02]"));
    }

    @Test
    void exportsOverHttpProtobufWhenTheEnvironmentAsksForIt() throws Exception {
        collector = OtlpCollector.http();
        CompileResult built = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system())
                .build(TestConfigs.proxyTo(origin.address(), telemetry(collector.endpoint(),
                        "otlp_headers: {authorization: \"Bearer http-token\"}")));
        assertThat(built.ok()).isTrue();
        built.gateway().start();
        // The protocol is the environment's (OTEL_EXPORTER_OTLP_PROTOCOL); the endpoint gets /v1/traces.
        try (OtlpTracing tracing = OtlpTracing.start(built.gateway().config().telemetry(),
                Map.of("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"))) {
            HttpGateway http = new HttpGateway(built.gateway(), RuntimeServices.system()).tracing(tracing.edge())
                    .start();
            try {
                int port = http.boundAddresses().values().iterator().next().getPort();
                assertThat(get(port, "/over-http", "traceparent: 00-" + TRACE_ID + "-" + CLIENT_SPAN + "-01")
                        .status()).isEqualTo(200);
                List<OtlpCollector.Received> spans = collector.await(2, WAIT);

                Span server = only(spans, Span.SpanKind.SPAN_KIND_SERVER);
                Span client = only(spans, Span.SpanKind.SPAN_KIND_CLIENT);
                assertThat(hex(server.getParentSpanId())).isEqualTo(CLIENT_SPAN);
                assertThat(hex(client.getParentSpanId())).isEqualTo(hex(server.getSpanId()));
                assertThat(origin.requestHeads().getFirst().get("traceparent"))
                        .isEqualTo("00-" + TRACE_ID + "-" + hex(client.getSpanId()) + "-01");
                assertThat(spans.getFirst().authorization()).isEqualTo("Bearer http-token");
                assertThat(spans.getFirst().resource().toString()).as("service.name defaults to praxis")
                        .contains("praxis");
            } finally {
                http.stop(Duration.ZERO);
                built.gateway().close();
            }
        }
    }
}
