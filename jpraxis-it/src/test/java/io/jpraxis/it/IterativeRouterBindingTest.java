package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The iterative request router under a binding router, over real sockets (see
 * docs/behaviour/binding.md#consumers, docs/behaviour/iterative-router.md#steps-and-transitions):
 * the binding every step inherits, per-step selected upstreams, the parent's response hooks on the
 * IRR's answer, HTTP/2 clients and HEAD.
 */
class IterativeRouterBindingTest {
    private TestOrigin first;
    private TestOrigin second;
    private TestOrigin spare;

    @BeforeEach
    void start() {
        first = TestOrigin.start("first");
        second = TestOrigin.start("second");
        spare = TestOrigin.start("spare");
    }

    @AfterEach
    void stop() {
        first.close();
        second.close();
        spare.close();
    }

    private static FilterRegistry registry() {
        List<FilterFactory<?>> types = new ArrayList<>(GatewayFilters.all());
        types.add(new BindingProbeFactory());
        return FilterRegistry.withBuiltIns(types);
    }

    /** A step whose bound load balancer serves chat_backend from {@code origin}, probing the binding. */
    private static String boundStep(String name, TestOrigin origin, String status, String rules) {
        return """
                - name: %s
                  filters:
                    - filter: load_balancer
                      cluster_source: bound_upstream
                      clusters:
                        - name: chat_backend
                          http: {application_protocol: openai_chat_completions, application_provider: vllm}
                          endpoints: ["%s"]
                    - filter: test_binding_probe
                    - filter: headers
                      conditions:
                        - when:
                            selected_upstream: {application_provider: vllm}
                      request_set:
                        - {name: x-selected-provider, value: vllm}
                    - filter: headers
                      request_set:
                        - {name: x-origin-status, value: "%s"}
                  on_result:
                """.formatted(name, origin.address(), status) + rules.indent(4);
    }

    /**
     * Binding router to chat_backend, a response marker, then an IRR: steps {@code first} and
     * {@code second} read the binding and answer 503, {@code spare} routes to its own cluster.
     */
    private String failoverChain() {
        String spareStep = """
                - name: spare
                  filters:
                    - filter: router
                      routes:
                        - path_prefix: "/"
                          cluster: spare_backend
                    - filter: load_balancer
                      clusters:
                        - name: spare_backend
                          http: {application_protocol: openai_chat_completions, application_provider: spare}
                          endpoints: ["%s"]
                    - filter: headers
                      conditions:
                        - when:
                            selected_upstream: {application_provider: vllm}
                      request_set:
                        - {name: x-selected-provider, value: vllm}
                    - filter: headers
                      conditions:
                        - when:
                            selected_upstream: {application_provider: spare}
                      request_set:
                        - {name: x-selected-provider, value: spare}
                    - filter: test_binding_probe
                  on_result:
                    - default: true
                      done: true
                """.formatted(spare.address());
        String steps = boundStep("first", first, "503", "- status: [503]\n  next: second\n")
                + boundStep("second", second, "503", "- status: [503]\n  next: spare\n") + spareStep;
        return TestConfigs.pipeline("""
                - filter: router
                  routes:
                    - path_prefix: "/"
                      cluster: chat_backend
                - filter: headers
                  response_set:
                    - name: X-Gateway-Processed
                      value: "true"
                - filter: iterative_request_router
                  initial_step: first
                  steps:
                """ + steps.indent(4));
    }

    /**
     * The one-step dispatch of the IRR path (see docs/behaviour/binding.md#example-bound-dispatch):
     * the bound step answers with {@code status}.
     */
    private String oneStep(String status) {
        return TestConfigs.pipeline("""
                - filter: router
                  routes:
                    - path_prefix: "/"
                      cluster: chat_backend
                - filter: headers
                  response_set:
                    - name: X-Gateway-Processed
                      value: "true"
                - filter: iterative_request_router
                  initial_step: inference
                  steps:
                """ + boundStep("inference", first, status, "- default: true\n  done: true\n").indent(4));
    }

    @Test
    void everyIterationInheritsTheOneFrozenBindingAndSelectsItsOwnUpstream() throws Exception {
        try (RunningGateway gw = RunningGateway.start(failoverChain(), IterativeRouterLimitsTest.IRR, registry());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/v1/chat/completions");
            assertThat(r.status()).isEqualTo(200);
            EchoResponse answer = r.echo();
            assertThat(answer.origin()).as("503, 503, then the spare step answered").isEqualTo("spare");

            Map<String, String> a = single(first);
            Map<String, String> b = single(second);
            Map<String, String> c = answer.headers().entrySet().stream().collect(java.util.stream.Collectors
                    .toMap(Map.Entry::getKey, e -> e.getValue().getFirst()));
            for (Map<String, String> exchange : List.of(a, b, c)) {
                assertThat(exchange).as("the router's binding, in every step, even one with its own router")
                        .containsEntry("x-probe-bound", "chat_backend/vllm")
                        .as("frozen once, before the IRR ran: no step freezes it again")
                        .containsEntry("x-probe-frozen", "true").containsEntry("x-probe-refroze", "false");
            }
            assertThat(List.of(a.get("x-probe-state"), b.get("x-probe-state"), c.get("x-probe-state")))
                    .as("one binding state for the whole request").containsOnly(a.get("x-probe-state"));
            assertThat(a).containsEntry("x-selected-provider", "vllm");
            assertThat(b).containsEntry("x-selected-provider", "vllm");
            assertThat(c).as("the spare step's own selection, not the previous step's")
                    .containsEntry("x-selected-provider", "spare");

            RawResponse next = conn.get("/v1/chat/completions");
            assertThat(next.status()).isEqualTo(200);
            assertThat(next.echo().header("x-probe-state")).as("the next request on the connection has its own")
                    .isNotEqualTo(a.get("x-probe-state"));
        }
    }

    private static Map<String, String> single(TestOrigin origin) {
        assertThat(origin.requestHeads()).as(origin.name() + " got one sub-request").hasSize(1);
        return origin.requestHeads().getFirst();
    }

    @Test
    void theParentsResponseHooksRunOnTheIrrsAnswerWhateverItsStatus() throws Exception {
        try (RunningGateway gw = RunningGateway.start(failoverChain(), IterativeRouterLimitsTest.IRR, registry());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/v1/chat/completions");
            assertThat(r.header("x-gateway-processed")).as("the marker's response hook ran on the answer")
                    .isEqualTo("true");
        }
        try (RunningGateway gw = RunningGateway.start(oneStep("502"), IterativeRouterLimitsTest.IRR, registry());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/v1/chat/completions");
            assertThat(r.status()).as("the step's upstream status is the answer's").isEqualTo(502);
            assertThat(r.echo().origin()).isEqualTo("first");
            assertThat(r.header("x-gateway-processed")).isEqualTo("true");
        }
    }

    @Test
    void anHttp2ClientIsAnsweredThroughTheIrr() throws Exception {
        try (RunningGateway gw = RunningGateway.start(oneStep("200"), IterativeRouterLimitsTest.IRR, registry());
                H2cClient h2 = H2cClient.connect(gw.port())) {
            H2Response one = H2cClient.await(h2.get("/v1/chat/completions"));
            H2Response two = H2cClient.await(h2.get("/v1/models"));
            for (H2Response r : List.of(one, two)) {
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.header("x-gateway-processed")).isEqualTo("true");
                assertThat(r.echo().origin()).isEqualTo("first");
                assertThat(r.echo().header("x-probe-bound")).isEqualTo("chat_backend/vllm");
            }
            assertThat(one.echo().path()).isEqualTo("/v1/chat/completions");
            assertThat(two.echo().path()).as("each stream's own target").isEqualTo("/v1/models");
            assertThat(first.requestHeads()).extracting(h -> h.get("x-praxis-iterative-depth"))
                    .containsExactly("1", "1");
        }
    }

    @Test
    void headThroughTheIrrKeepsTheOriginsLengthSendsNoBodyAndKeepsTheConnectionUsable() throws Exception {
        try (RunningGateway gw = RunningGateway.start(oneStep("200"), IterativeRouterLimitsTest.IRR, registry());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            conn.send("HEAD /v1/models HTTP/1.1\r\nHost: test\r\n\r\n");
            RawResponse head = conn.readResponse(true);
            assertThat(head.status()).isEqualTo(200);
            assertThat(Long.parseLong(head.header("content-length")))
                    .as("the length the origin announced for the body it did not send").isPositive();
            assertThat(head.header("x-gateway-processed")).isEqualTo("true");
            assertThat(first.requestCount()).isEqualTo(1);

            RawResponse after = conn.get("/v1/models");
            assertThat(after.status()).as("no body bytes were left on the connection").isEqualTo(200);
            assertThat(after.echo().method()).isEqualTo("GET");
        }
    }
}
