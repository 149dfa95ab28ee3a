package io.jpraxis.filters.iterative;

import static io.jpraxis.filters.iterative.IrrHarness.pipeline;
import static io.jpraxis.filters.iterative.IrrHarness.request;
import static io.jpraxis.filters.iterative.IrrHarness.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.core.pipeline.execute.RequestOutcome;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The IRR's loop against real origins (JDK server) through a real HTTP client (JDK); see
 * docs/behaviour/iterative-router.md#steps-and-transitions.
 */
class IterationLoopTest {
    private final JdkSubRequestClient client = new JdkSubRequestClient();

    /** A listener whose only filter is an IRR with {@code options} and {@code steps} (YAML at IRR indent). */
    static String config(String options, String steps) {
        return """
                listeners:
                  - name: web
                    address: "127.0.0.1:8080"
                    filter_chains: [main]
                filter_chains:
                  - name: main
                    filters:
                      - filter: iterative_request_router
                        initial_step: first
                """ + options.indent(8) + "        steps:\n" + steps.indent(10) + """
                insecure_options:
                  allow_private_endpoints: true
                """;
    }

    /** A step with its own router and load balancer sending to {@code endpoint}, then {@code rules}. */
    static String step(String name, String endpoint, String rules) {
        return """
                - name: %s
                  filters:
                    - filter: router
                      routes:
                        - path_prefix: "/"
                          cluster: %s_cluster
                    - filter: load_balancer
                      clusters:
                        - name: %s_cluster
                          endpoints: ["%s"]
                  on_result:
                """.formatted(name, name, name, endpoint) + rules.indent(4);
    }

    private static LocalResponse answered(RequestOutcome outcome) {
        assertThat(outcome).as("the IRR answers the request itself").isInstanceOf(RequestOutcome.Respond.class);
        return ((RequestOutcome.Respond) outcome).response();
    }

    private static int rejected(RequestOutcome outcome) {
        assertThat(outcome).as("the IRR refuses the request").isInstanceOf(RequestOutcome.Reject.class);
        return ((RequestOutcome.Reject) outcome).status();
    }

    private static String text(LocalResponse r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    @Test
    void failsOverOn503ToTheNextStepWithEmptyHeadersSameTargetAndBody() throws Exception {
        try (Origin down = Origin.answering(503, "busy"); Origin up = Origin.answering(200, "from-second")) {
            var pipeline = pipeline(config("", step("first", down.endpoint(), """
                    - status: [503]
                      origin: upstream
                      next: second
                    """) + step("second", up.endpoint(), "- default: true\n  done: true\n")));
            var outcome = run(pipeline, request("POST", "/v1/chat?x=1", "authorization", "Bearer client",
                    "content-type", "application/json"), "{\"q\":1}".getBytes(), client);

            LocalResponse response = answered(outcome);
            assertThat(response.status()).isEqualTo(200);
            assertThat(text(response)).isEqualTo("from-second");
            assertThat(response.headers().get("content-length")).as("recomputed from the body").isEqualTo("11");
            assertThat(down.seen).hasSize(1);
            assertThat(up.seen).hasSize(1);
            Origin.Seen second = up.seen.getFirst();
            assertThat(second.method()).isEqualTo("POST");
            assertThat(second.target()).isEqualTo("/v1/chat?x=1");
            assertThat(new String(second.body())).as("the previous body goes on").isEqualTo("{\"q\":1}");
            assertThat(second.header("authorization")).as("steps start with empty headers").isNull();
            assertThat(second.header("content-type")).isNull();
            assertThat(second.header("x-praxis-iterative-depth")).as("sub-requests carry the next depth")
                    .isEqualTo("1");
            pipeline.close();
        }
    }

    @Test
    void refusedConnectionIsATransportConnectFailure() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        try (Origin up = Origin.answering(200, "fallback")) {
            var pipeline = pipeline(config("", step("first", "127.0.0.1:" + closed, """
                    - origin: transport
                      transport_error: connect
                      next: second
                    """) + step("second", up.endpoint(), "- default: true\n  done: true\n")));
            assertThat(text(answered(run(pipeline, request("GET", "/"), new byte[0], client)))).isEqualTo("fallback");

            var alone = pipeline(config("", step("first", "127.0.0.1:" + closed, "- status: [200]\n  done: true\n")));
            LocalResponse failed = answered(run(alone, request("GET", "/"), new byte[0], client));
            assertThat(failed.status()).as("a transport failure with no matching rule surfaces as 502")
                    .isEqualTo(502);
            pipeline.close();
            alone.close();
        }
    }

    @Test
    void stepDeadlineIsClassifiedAsDeadlineExceededAnd504() throws Exception {
        try (Origin slow = Origin.stalled(); Origin up = Origin.answering(200, "in-time")) {
            var pipeline = pipeline(config("step_timeout_ms: 150", step("first", slow.endpoint(), """
                    - origin: transport
                      transport_error: deadline_exceeded
                      next: second
                    """) + step("second", up.endpoint(), "- default: true\n  done: true\n")));
            assertThat(text(answered(run(pipeline, request("GET", "/"), new byte[0], client)))).isEqualTo("in-time");

            var alone = pipeline(config("step_timeout_ms: 150", step("first", slow.endpoint(), "")));
            assertThat(answered(run(alone, request("GET", "/"), new byte[0], client)).status()).isEqualTo(504);
            pipeline.close();
            alone.close();
        }
    }

    @Test
    void stopsWith508OnceMaxIterationsAreSpent() throws Exception {
        try (Origin down = Origin.answering(503, "busy")) {
            var pipeline = pipeline(config("max_iterations: 2", step("first", down.endpoint(), """
                    - status: [503]
                      next: first
                    """)));
            assertThat(rejected(run(pipeline, request("GET", "/"), new byte[0], client))).isEqualTo(508);
            assertThat(down.seen).as("exactly max_iterations exchanges").hasSize(2);
            pipeline.close();
        }
    }

    @Test
    void aWebSocketUpgradeIsRefusedWith400BeforeAnyStepWhileOtherUpgradeTokensGoOnAsPlainRequests() throws Exception {
        try (Origin up = Origin.answering(200, "ok")) {
            var pipeline = pipeline(config("", step("first", up.endpoint(), "")));
            RequestOutcome upgrade = run(pipeline, request("GET", "/", "upgrade", "WebSocket", "connection", "Upgrade"),
                    new byte[0], client);
            assertThat(rejected(upgrade)).as("sub-requests are not tunnels").isEqualTo(400);
            assertThat(((RequestOutcome.Reject) upgrade).reason()).contains("Upgrade: websocket", "not tunnels");
            assertThat(up.seen).as("no step ran").isEmpty();

            answered(run(pipeline, request("GET", "/", "upgrade", "h2c, websocket"), new byte[0], client));
            assertThat(up.seen).as("a list of tokens is no WebSocket upgrade: the steps run").hasSize(1);
            pipeline.close();
        }
    }

    @Test
    void inboundDepthThreeOrGarbledIsALoopAndDepthTwoGoesOnAsThree() throws Exception {
        try (Origin up = Origin.answering(200, "ok")) {
            var pipeline = pipeline(config("", step("first", up.endpoint(), "")));
            assertThat(rejected(run(pipeline, request("GET", "/", "x-praxis-iterative-depth", "3"), new byte[0],
                    client))).isEqualTo(508);
            assertThat(rejected(run(pipeline, request("GET", "/", "x-praxis-iterative-depth", "two"), new byte[0],
                    client))).as("a garbled depth cannot reset the loop guard").isEqualTo(508);
            assertThat(up.seen).isEmpty();

            answered(run(pipeline, request("GET", "/", "x-praxis-iterative-depth", "2"), new byte[0], client));
            assertThat(up.seen.getFirst().header("x-praxis-iterative-depth")).isEqualTo("3");
            pipeline.close();
        }
    }

    @Test
    void stateOverMaxStateBytesIs413() throws Exception {
        try (Origin big = Origin.answering(200, "x".repeat(200))) {
            var pipeline = pipeline(config("max_state_bytes: 100", step("first", big.endpoint(), "")));
            assertThat(rejected(run(pipeline, request("GET", "/"), new byte[0], client))).isEqualTo(413);

            var roomy = pipeline(config("max_state_bytes: 1000", step("first", big.endpoint(), "")));
            assertThat(answered(run(roomy, request("GET", "/"), new byte[0], client)).body()).hasSize(200);
            pipeline.close();
            roomy.close();
        }
    }

    @Test
    void headKeepsTheAnnouncedLengthAndNoContentHasNone() throws Exception {
        try (Origin head = Origin.answering(200, "twelve bytes".getBytes(),
                Map.of("Content-Length", "12", "X-Kept", "yes"));
                Origin none = Origin.answering(204, new byte[0], Map.of())) {
            var pipeline = pipeline(config("", step("first", head.endpoint(), "")));
            LocalResponse r = answered(run(pipeline, request("HEAD", "/"), new byte[0], client));
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.body()).isEmpty();
            assertThat(r.headers().get("content-length")).as("HEAD keeps what a GET would have had").isEqualTo("12");
            assertThat(r.headers().get("x-kept")).isEqualTo("yes");
            assertThat(r.headers().get("transfer-encoding")).isNull();

            var nc = pipeline(config("", step("first", none.endpoint(), "")));
            LocalResponse n = answered(run(nc, request("GET", "/"), new byte[0], client));
            assertThat(n.status()).isEqualTo(204);
            assertThat(n.headers().get("content-length")).as("204 carries no length").isNull();
            pipeline.close();
            nc.close();
        }
    }

    @Test
    void resultRuleMatchesAStepFiltersRetainedResult() throws Exception {
        try (Origin first = Origin.answering(200, "first"); Origin second = Origin.answering(200, "second")) {
            String marked = """
                    - name: first
                      filters:
                        - filter: test_result
                          key: verdict
                          value: retry
                        - filter: router
                          routes:
                            - path_prefix: "/"
                              cluster: first_cluster
                        - filter: load_balancer
                          clusters:
                            - name: first_cluster
                              endpoints: ["%s"]
                      on_result:
                        - filter: test_result
                          key: verdict
                          value: retry
                          next: second
                    """.formatted(first.endpoint());
            var pipeline = pipeline(config("", marked + step("second", second.endpoint(), "")));
            assertThat(text(answered(run(pipeline, request("GET", "/"), new byte[0], client)))).isEqualTo("second");
            assertThat(first.seen).hasSize(1);
            pipeline.close();
        }
    }

    @Test
    void aStepThatPicksNoEndpointIsALocal500WhichRulesSeeAsOriginLocal() throws Exception {
        try (Origin up = Origin.answering(200, "after-local")) {
            String noEndpoint = """
                    - name: first
                      filters:
                        - filter: headers
                          request_set:
                            - name: x-step
                              value: first
                      on_result:
                        - origin: local
                          status: [500]
                          next: second
                    """;
            var pipeline = pipeline(config("", noEndpoint + step("second", up.endpoint(), "")));
            assertThat(text(answered(run(pipeline, request("GET", "/"), new byte[0], client))))
                    .isEqualTo("after-local");

            var alone = pipeline(config("", noEndpoint.replace("next: second", "done: true")));
            LocalResponse r = answered(run(alone, request("GET", "/"), new byte[0], client));
            assertThat(r.status()).as("docs/behaviour/request-lifecycle.md#no-endpoint-selected: no endpoint selected is 500").isEqualTo(500);
            assertThat(text(r)).contains("no upstream selected");
            assertThat(client.sent).as("nothing was sent for the local step").hasSize(1);
            pipeline.close();
            alone.close();
        }
    }

    @Test
    void withoutASubRequestClientTheFilterFailsAndFailureModeDecides() throws Exception {
        var closed = pipeline(config("", step("first", "127.0.0.1:1", "")));
        var ctx = request("GET", "/");
        var outcome = PipelineExecution.begin(closed, ctx).runRequest().toCompletableFuture().get();
        assertThat(outcome).as("failure_mode closed: 500").isEqualTo(new RequestOutcome.Reject(500,
                "internal filter error"));

        var open = pipeline(config("""
                failure_mode: open
                branch_chains:
                  - name: fallback
                    rejoin: terminal
                    chains:
                      - name: answer
                        filters:
                          - filter: static_response
                            status: 503
                            body: "fallback"
                """, step("first", "127.0.0.1:1", "")));
        var fallback = PipelineExecution.begin(open, request("GET", "/")).runRequest().toCompletableFuture().get();
        assertThat(answered(fallback).status()).as("failing open runs the IRR's unconditional branches")
                .isEqualTo(503);
        closed.close();
        open.close();
    }
}
