package io.jpraxis.it;

import static io.jpraxis.it.TracingTest.hex;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.testkit.TestOrigin;
import io.opentelemetry.proto.trace.v1.Span;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A client span per upstream attempt, retries included, and per iterative-router step sub-request,
 * each a child of the request's server span and each the parent the origin it reached was told.
 */
class TracingAttemptsTest {
    private OtlpCollector collector;
    private ServingGateway serving;

    @AfterEach
    void stop() {
        if (serving != null) {
            serving.shutdown(Duration.ZERO);
        }
        if (collector != null) {
            collector.close();
        }
    }

    private int serve(String yaml, FeatureSet features) {
        FilterRegistry registry = FilterRegistry.withBuiltIns(GatewayFilters.all());
        CompileResult built = new GatewayBuilder(features, RuntimeServices.system(), registry).build(yaml);
        assertThat(built.ok()).as(built.diagnostics().all().toString()).isTrue();
        serving = ServingGateway.start(built.gateway(), RuntimeServices.system(), registry);
        return serving.http().boundAddresses().values().iterator().next().getPort();
    }

    private static List<Span> kind(List<OtlpCollector.Received> spans, Span.SpanKind kind) {
        return spans.stream().map(OtlpCollector.Received::span).filter(s -> s.getKind() == kind).toList();
    }

    @Test
    void everyRetriedAttemptHasItsOwnClientSpanAndTheOriginSeesEach() throws Exception {
        collector = OtlpCollector.grpc();
        try (TestOrigin down = TestOrigin.builder("down").fixed(503, "text/plain", "down").start()) {
            String yaml = TestConfigs.routed("""
                    - path_prefix: "/"
                      cluster: pool
                      retry_policy:
                        retriable_conditions: [status_5xx]
                        max_retries: 2
                        backoff: {base_interval_ms: 1, max_interval_ms: 5}
                    """, """
                    - name: pool
                      endpoints: ["%s"]
                    """.formatted(down.address())) + TracingTest.telemetry(collector.endpoint(), "");
            int port = serve(yaml, FeatureSet.NONE);

            assertThat(TracingTest.get(port, "/retried").status()).isEqualTo(503);
            List<OtlpCollector.Received> spans = collector.await(4, TracingTest.WAIT);

            Span server = kind(spans, Span.SpanKind.SPAN_KIND_SERVER).getFirst();
            List<Span> attempts = kind(spans, Span.SpanKind.SPAN_KIND_CLIENT);
            assertThat(attempts).as("the first attempt and two retries").hasSize(3).allSatisfy(a -> {
                assertThat(hex(a.getParentSpanId())).isEqualTo(hex(server.getSpanId()));
                assertThat(TracingTest.attributes(a)).containsEntry("http.response.status_code", 503L);
                assertThat(a.getStatus().getCode().name()).isEqualTo("STATUS_CODE_ERROR");
            });
            assertThat(attempts.stream().map(a -> TracingTest.attributes(a).get("http.request.resend_count")))
                    .as("retries are numbered").containsExactlyInAnyOrder(null, 1L, 2L);
            assertThat(down.requestHeads().stream().map(h -> h.get("traceparent").split("-")[2]))
                    .as("each attempt told the origin its own span")
                    .containsExactlyInAnyOrderElementsOf(attempts.stream().map(a -> hex(a.getSpanId())).toList());
            assertThat(server.getStatus().getCode().name()).as("a 5xx answer").isEqualTo("STATUS_CODE_ERROR");
        }
    }

    @Test
    void eachHedgedCopyIsAClientSpanOfTheRequestAndItsOriginParentsOnIt() throws Exception {
        collector = OtlpCollector.grpc();
        try (TestOrigin slow = TestOrigin.start("slow"); TestOrigin fast = TestOrigin.start("fast")) {
            // Both answer later than per_try_timeout_ms, so whichever replica round robin starts at, the
            // primary is copied to the other one.
            slow.delayEveryAnswer(1_000);
            fast.delayEveryAnswer(200);
            String yaml = TestConfigs.routed("""
                    - path_prefix: "/"
                      cluster: pool
                      hedge_policy:
                        initial_requests: 1
                        max_attempts: 2
                        per_try_timeout_ms: 50
                        budget_percent: 100
                    """, """
                    - name: pool
                      endpoints: ["%s", "%s"]
                    """.formatted(slow.address(), fast.address())) + TracingTest.telemetry(collector.endpoint(), "");
            int port = serve(yaml, FeatureSet.parse("hedged-requests"));

            assertThat(TracingTest.get(port, "/hedged").status()).isEqualTo(200);
            List<OtlpCollector.Received> spans = collector.await(3, TracingTest.WAIT);

            Span server = kind(spans, Span.SpanKind.SPAN_KIND_SERVER).getFirst();
            List<Span> copies = kind(spans, Span.SpanKind.SPAN_KIND_CLIENT);
            assertThat(copies).as("the primary and its copy").hasSize(2).allSatisfy(c ->
                    assertThat(hex(c.getParentSpanId())).isEqualTo(hex(server.getSpanId())));
            assertThat(copies.stream().map(c -> TracingTest.attributes(c).get("http.request.resend_count")))
                    .as("the copy is numbered").containsExactlyInAnyOrder(null, 1L);
            for (TestOrigin origin : List.of(slow, fast)) {
                String sent = origin.requestHeads().getFirst().get("traceparent").split("-")[2];
                assertThat(copies.stream().map(c -> hex(c.getSpanId())))
                        .as(origin.name() + " parents on its own copy's span").contains(sent);
            }
        }
    }

    @Test
    void eachIterativeRouterStepIsAClientSpanOfTheRequest() throws Exception {
        collector = OtlpCollector.grpc();
        try (TestOrigin failing = TestOrigin.builder("failing").fixed(503, "text/plain", "no").start();
                TestOrigin serving2 = TestOrigin.start("serving")) {
            String steps = IterativeRouterLimitsTest.step("first", failing.address(), Map.of(),
                    "- status: [503]\n  next: second\n")
                    + IterativeRouterLimitsTest.step("second", serving2.address(), Map.of(),
                    "- default: true\n  done: true\n");
            String yaml = IterativeRouterLimitsTest.irr("127.0.0.1:0", "initial_step: first\n", steps)
                    + TracingTest.telemetry(collector.endpoint(), "");
            int port = serve(yaml, IterativeRouterLimitsTest.IRR);

            assertThat(TracingTest.get(port, "/v1/chat/completions",
                    "traceparent: 00-" + TracingTest.TRACE_ID + "-" + TracingTest.CLIENT_SPAN + "-01").status())
                    .isEqualTo(200);
            List<OtlpCollector.Received> spans = collector.await(3, TracingTest.WAIT);

            Span server = kind(spans, Span.SpanKind.SPAN_KIND_SERVER).getFirst();
            List<Span> steps2 = kind(spans, Span.SpanKind.SPAN_KIND_CLIENT);
            assertThat(steps2).as("one span per step").hasSize(2).allSatisfy(s -> {
                assertThat(hex(s.getParentSpanId())).isEqualTo(hex(server.getSpanId()));
                assertThat(TracingTest.attributes(s)).containsEntry("jpraxis.subrequest", true);
            });
            assertThat(hex(server.getTraceId())).isEqualTo(TracingTest.TRACE_ID);
            for (TestOrigin origin : List.of(failing, serving2)) {
                String sent = origin.requestHeads().getFirst().get("traceparent");
                assertThat(steps2.stream().map(s -> "00-" + TracingTest.TRACE_ID + "-" + hex(s.getSpanId()) + "-01"))
                        .as(origin.name() + " parents on its step's span").contains(sent);
            }
        }
    }
}
