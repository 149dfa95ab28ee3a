package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The iterative request router's bounds over real sockets (runtime loop: see
 * docs/behaviour/iterative-router.md#steps-and-transitions): 508 on spent iterations and on a
 * chained-gateway loop, 504 on the whole loop's deadline, 413 on its state. Steps start with empty
 * headers, so each step steers the echo origin with its own headers filter.
 */
class IterativeRouterLimitsTest {
    static final FeatureSet IRR = FeatureSet.of(Feature.ITERATIVE_REQUEST_ROUTER);

    private TestOrigin origin;

    @BeforeEach
    void start() {
        origin = TestOrigin.start("step-origin");
    }

    @AfterEach
    void stop() {
        origin.close();
    }

    /** A listener (on {@code address}) whose only filter is an IRR with {@code options} and {@code steps}. */
    static String irr(String address, String options, String steps) {
        return """
                listeners:
                  - name: it
                    address: "%s"
                    filter_chains: [main]
                filter_chains:
                  - name: main
                    filters:
                      - filter: iterative_request_router
                """.formatted(address) + options.indent(8) + "        steps:\n" + steps.indent(10) + """
                insecure_options:
                  allow_private_endpoints: true
                """;
    }

    /**
     * A step routing to {@code endpoint} with its own router and load balancer, setting
     * {@code requestSet} (name to value) on its sub-request, then {@code rules}.
     */
    static String step(String name, String endpoint, Map<String, String> requestSet, String rules) {
        StringBuilder set = new StringBuilder(requestSet.isEmpty() ? "" : "    - filter: headers\n      request_set:\n");
        requestSet.forEach((n, v) -> set.append("        - {name: ").append(n).append(", value: \"").append(v)
                .append("\"}\n"));
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
                %s  on_result:
                """.formatted(name, name, name, endpoint, set) + rules.indent(4);
    }

    private static final String DONE = "- default: true\n  done: true\n";

    private static RawResponse send(int port, String head) throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(port)) {
            return conn.send(head).readResponse();
        }
    }

    @Test
    void aStepLoopingToItselfStopsWith508OnceMaxIterationsAreSpent() throws Exception {
        String yaml = irr("127.0.0.1:0", "initial_step: again\nmax_iterations: 3\n",
                step("again", origin.address(), Map.of("x-origin-status", "503"), "- default: true\n  next: again\n"));
        try (RunningGateway gw = RunningGateway.start(yaml, IRR);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/v1/chat/completions");
            assertThat(r.status()).isEqualTo(508);
            assertThat(r.bodyText()).contains("iteration limit");
            assertThat(origin.requestCount()).as("one sub-request per iteration, no more").isEqualTo(3);
            assertThat(origin.requestHeads()).extracting(h -> h.get("x-praxis-iterative-depth"))
                    .as("every iteration of one request is one hop deeper than the client").containsOnly("1");

            assertThat(conn.get("/v1/chat/completions").status()).as("the next request has its own budget")
                    .isEqualTo(508);
            assertThat(origin.requestCount()).isEqualTo(6);
        }
    }

    @Test
    void anInboundDepthOfThreeIs508BeforeAnySubRequestAndTwoGoesOnAsThree() throws Exception {
        String yaml = irr("127.0.0.1:0", "initial_step: only\n", step("only", origin.address(), Map.of(), DONE));
        try (RunningGateway gw = RunningGateway.start(yaml, IRR)) {
            RawResponse loop = send(gw.port(),
                    "GET /v1/chat HTTP/1.1\r\nHost: test\r\nx-praxis-iterative-depth: 3\r\n\r\n");
            assertThat(loop.status()).isEqualTo(508);
            assertThat(loop.bodyText()).contains("loop detected");
            assertThat(origin.requestCount()).as("refused before any step ran").isZero();

            RawResponse deep = send(gw.port(),
                    "GET /v1/chat HTTP/1.1\r\nHost: test\r\nx-praxis-iterative-depth: 2\r\n\r\n");
            assertThat(deep.status()).isEqualTo(200);
            assertThat(origin.requestHeads()).singleElement()
                    .satisfies(h -> assertThat(h).containsEntry("x-praxis-iterative-depth", "3"));
        }
    }

    @Test
    void aGatewayWhoseStepSendsBackToItselfStopsAtDepthThree() throws Exception {
        int port = TestOrigin.unusedPort();
        String self = "127.0.0.1:" + port;
        String yaml = irr(self, "initial_step: only\n", step("only", self, Map.of(), DONE));
        try (RunningGateway gw = RunningGateway.start(yaml, IRR);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/v1/chat/completions");
            assertThat(r.status()).as("the innermost hop refuses; each hop above relays its answer").isEqualTo(508);
            assertThat(r.bodyText()).contains("loop detected");
            assertThat(conn.get("/v1/models").status()).as("the loop ended and the next request stops alike")
                    .isEqualTo(508);
        }
    }

    @Test
    void theWholeLoopsDeadlineSpansIterationsAndAnswers504() throws Exception {
        String yaml = irr("127.0.0.1:0", "initial_step: slow\nmax_iterations: 100\ntimeout_ms: 2000\n",
                step("slow", origin.address(), Map.of("x-origin-status", "503", "x-origin-delay-ms", "100"), """
                        - status: [503]
                          next: slow
                        """));
        try (RunningGateway gw = RunningGateway.start(yaml, IRR);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/v1/chat/completions");
            assertThat(r.status()).isEqualTo(504);
            assertThat(origin.requestCount()).as("each 100 ms answer was under the deadline; their sum was not")
                    .isGreaterThan(1).isLessThan(100);
        }
    }

    @Test
    void requestAndResponseBodiesTogetherOverMaxStateBytesAre413() throws Exception {
        String yaml = irr("127.0.0.1:0", "initial_step: big\nmax_state_bytes: 1000\n",
                // A streamed answer counts by the length it declares (its body is not held; see
                // docs/behaviour/iterative-router.md#streamed-answers).
                step("big", origin.address(), Map.of("x-origin-download", "600", "x-origin-framing", "length"), DONE));
        try (RunningGateway gw = RunningGateway.start(yaml, IRR)) {
            RawResponse fits = send(gw.port(), post(300));
            assertThat(fits.status()).as("300 + 600 bytes of state").isEqualTo(200);
            assertThat(fits.body()).hasSize(600);

            RawResponse over = send(gw.port(), post(600));
            assertThat(over.status()).as("600 + 600 bytes: each fits, together they do not").isEqualTo(413);
            assertThat(origin.requestCount()).as("the state is counted after the exchange").isEqualTo(2);

            RawResponse tooLargeToRead = send(gw.port(), post(1001));
            assertThat(tooLargeToRead.status()).as("max_state_bytes also caps the pre-read request body")
                    .isEqualTo(413);
            assertThat(origin.requestCount()).as("no step ran for it").isEqualTo(2);
        }
    }

    private static String post(int bytes) {
        return "POST /v1/chat HTTP/1.1\r\nHost: test\r\nContent-Length: " + bytes + "\r\n\r\n" + "x".repeat(bytes);
    }
}
