package io.jpraxis.it;

import static io.jpraxis.it.ProviderModelRewriteExampleTest.post;
import static io.jpraxis.it.ProviderModelRewriteExampleTest.received;
import static io.jpraxis.it.ProviderModelRewriteExampleTest.sha256;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The bound-upstream request-body hook over real sockets (see
 * docs/behaviour/binding.md#the-bound-body-barrier): the barrier runs once per request however
 * often the IRR iterates, its conditions see the request as it stands at the freeze, a writer's
 * output is what the direct path and every IRR exchange send (413 over the limit), and a read-only
 * participant cannot change the body.
 */
class BoundBodyHookTest {
    private static final FeatureSet FEATURES = FeatureSet.of(Feature.BOUND_UPSTREAM_REQUEST_BODY,
            Feature.ITERATIVE_REQUEST_ROUTER);
    private static final String ALIAS = "{\"model\":\"fast\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final String REWRITTEN = ALIAS.replace("\"fast\"", "\"llama-3-70b\"");
    private static final String REWRITE = """
            - filter: model_rewrite
              conditions:
                - when:
                    bound_upstream: {application_provider: vllm}
              rules:
                - {when: {application_provider: vllm}, from: fast, to: llama-3-70b}
            """;

    private final BoundBodyProbeFactory probe = new BoundBodyProbeFactory();
    private TestOrigin first;
    private TestOrigin second;

    @BeforeEach
    void start() {
        first = TestOrigin.start("first");
        second = TestOrigin.start("second");
    }

    @AfterEach
    void stop() {
        first.close();
        second.close();
    }

    private FilterRegistry registry() {
        List<FilterFactory<?>> types = new ArrayList<>(GatewayFilters.all());
        types.add(probe);
        return FilterRegistry.withBuiltIns(types);
    }

    private RunningGateway gateway(String filters, String topLevel) {
        return RunningGateway.start(TestConfigs.pipeline(filters, topLevel), FEATURES, registry());
    }

    /** Router binding chat_backend, {@code middle}, then a top-level load balancer serving it from {@code first}. */
    private String direct(String middle) {
        return """
                - filter: router
                  routes:
                    - path_prefix: "/"
                      cluster: chat_backend
                %s
                - filter: load_balancer
                  clusters:
                    - name: chat_backend
                      http: {application_provider: vllm}
                      endpoints: ["%s"]
                """.formatted(middle.stripTrailing(), first.address());
    }

    /** A step whose bound load balancer serves chat_backend from {@code origin}, answering {@code status}. */
    private static String step(String name, TestOrigin origin, String status, String rules) {
        return """
                - name: %s
                  filters:
                    - filter: load_balancer
                      cluster_source: bound_upstream
                      clusters:
                        - name: chat_backend
                          http: {application_provider: vllm}
                          endpoints: ["%s"]
                    - filter: headers
                      request_set:
                        - {name: x-origin-status, value: "%s"}
                  on_result:
                """.formatted(name, origin.address(), status) + rules.indent(4);
    }

    @Test
    void theBarrierRunsOncePerRequestHoweverManyIrrIterationsAndEveryExchangeSendsTheRewrite() throws Exception {
        String steps = step("first", first, "503", "- status: [503]\n  next: second\n")
                + step("second", second, "200", "- default: true\n  done: true\n");
        String filters = """
                - filter: router
                  routes:
                    - path_prefix: "/"
                      cluster: chat_backend
                - filter: test_bound_body
                """ + REWRITE + """
                - filter: iterative_request_router
                  initial_step: first
                  steps:
                """ + steps.indent(4);
        try (RunningGateway gw = gateway(filters, ""); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = post(conn, "/v1/chat/completions", ALIAS);
            assertThat(r.status()).isEqualTo(200);
            received(r.echo(), "second", REWRITTEN);
            assertThat(first.requestCount()).as("the first iteration answered 503").isEqualTo(1);
            assertThat(first.bodyBytesReceived()).as("the first iteration sent the rewrite too")
                    .isEqualTo(REWRITTEN.length());
            assertThat(probe.calls()).as("two iterations, one barrier").isEqualTo(1);

            received(post(conn, "/v1/chat/completions", ALIAS).echo(), "second", REWRITTEN);
            assertThat(probe.calls()).as("the next request has its own barrier").isEqualTo(2);
        }
    }

    @Test
    void theDirectPathSendsTheRewriteWithItsLengthChunkedRequestsIncluded() throws Exception {
        try (RunningGateway gw = gateway(direct(REWRITE), "");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            received(post(conn, "/v1/chat/completions", ALIAS).echo(), "first", REWRITTEN);

            byte[] body = ALIAS.getBytes(StandardCharsets.UTF_8);
            conn.send("POST /v1/chat/completions HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + Integer.toHexString(10) + "\r\n").send(java.util.Arrays.copyOfRange(body, 0, 10))
                    .send("\r\n" + Integer.toHexString(body.length - 10) + "\r\n")
                    .send(java.util.Arrays.copyOfRange(body, 10, body.length)).send("\r\n0\r\n\r\n");
            EchoResponse chunked = conn.readResponse().echo();
            received(chunked, "first", REWRITTEN);
            assertThat(chunked.hasHeader("transfer-encoding")).as("a buffered body goes with its length").isFalse();
        }
    }

    @Test
    void aRewriteOverTheRequestBodyLimitIs413() throws Exception {
        String longName = "x".repeat(100);
        String rewrite = REWRITE.replace("to: llama-3-70b", "to: " + longName);
        try (RunningGateway gw = gateway(direct(rewrite), "body_limits:\n  max_request_bytes: 80\n");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse tooLarge = post(conn, "/v1/chat/completions", ALIAS);
            assertThat(tooLarge.status()).as("the client's body fits, its rewrite does not").isEqualTo(413);
            assertThat(first.requestCount()).isZero();
        }
        try (RunningGateway gw = gateway(direct(rewrite), "body_limits:\n  max_request_bytes: 80\n");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            String other = "{\"model\":\"slow\"}";
            received(post(conn, "/v1/chat/completions", other).echo(), "first", other);
        }
    }

    @Test
    void aReadOnlyParticipantCannotChangeTheBody() throws Exception {
        String open = """
                - filter: test_bound_body
                  write: "changed by a reader"
                  failure_mode: open
                """;
        try (RunningGateway gw = gateway(direct(open), ""); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            received(post(conn, "/v1/chat/completions", ALIAS).echo(), "first", ALIAS);
            assertThat(probe.calls()).as("it ran, and its replacement was refused").isEqualTo(1);
        }
        String closed = "- filter: test_bound_body\n  write: \"changed by a reader\"\n";
        try (RunningGateway gw = gateway(direct(closed), ""); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            int before = first.requestCount();
            assertThat(post(conn, "/v1/chat/completions", ALIAS).status()).as("a closed failure").isEqualTo(500);
            assertThat(first.requestCount()).as("nothing went upstream").isEqualTo(before);
        }
    }

    @Test
    void conditionsAreEvaluatedAtTheBarrierBeforeLaterFiltersRan() throws Exception {
        String middle = """
                - filter: test_bound_body
                  access: read_write
                  write: "rewritten"
                  conditions:
                    - when:
                        headers: {x-marker: "yes"}
                - filter: headers
                  request_set:
                    - {name: x-marker, value: "yes"}
                """;
        try (RunningGateway gw = gateway(direct(middle), "");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse marked = post(conn, "/v1/chat/completions", ALIAS).echo();
            assertThat(marked.header("x-marker")).as("the marker ran, after the barrier").isEqualTo("yes");
            assertThat(marked.bodySha256()).as("at the barrier the header was not there yet")
                    .isEqualTo(sha256(ALIAS));
            assertThat(probe.calls()).isZero();

            conn.send("POST /v1/chat/completions HTTP/1.1\r\nHost: t\r\nx-marker: yes\r\nContent-Length: "
                    + ALIAS.length() + "\r\n\r\n" + ALIAS);
            received(conn.readResponse().echo(), "first", "rewritten");
            assertThat(probe.calls()).as("a client's own header is there at the barrier").isEqualTo(1);
        }
    }
}
