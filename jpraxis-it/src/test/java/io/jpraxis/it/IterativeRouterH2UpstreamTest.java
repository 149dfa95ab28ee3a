package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.H2Origin;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import java.security.MessageDigest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The iterative request router's sub-requests to a cluster with {@code http.version: h2} (see
 * docs/behaviour/iterative-router.md and docs/behaviour/upstream-http2.md#choosing-the-version):
 * they go over HTTP/2 by prior knowledge to a real h2c origin, and the step's status, headers and
 * body reach the HTTP/1.1 client; a status rule sees the HTTP/2 status as it sees an HTTP/1.1 one.
 */
class IterativeRouterH2UpstreamTest {
    private H2Origin origin;

    @BeforeEach
    void start() {
        origin = H2Origin.builder().start();
    }

    @AfterEach
    void stop() {
        origin.close();
    }

    /** A step routing to {@code origin} over h2c, setting {@code name: value} on its sub-request, then {@code rules}. */
    private String step(String name, String header, String value, String rules) {
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
                          endpoints: ["%s:%d"]
                          http:
                            version: h2
                    - filter: headers
                      request_set:
                        - {name: %s, value: "%s"}
                  on_result:
                """.formatted(name, name, name, origin.host(), origin.port(), header, value) + rules.indent(4);
    }

    @Test
    void aStepToAnH2cClusterRelaysTheOriginsStatusHeadersAndBody() throws Exception {
        String yaml = IterativeRouterLimitsTest.irr("127.0.0.1:0", "initial_step: only\n",
                step("only", "x-download", "70000", "- default: true\n  done: true\n"));
        try (RunningGateway gw = RunningGateway.start(yaml, IterativeRouterLimitsTest.IRR);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.send("POST /v1/echo HTTP/1.1\r\nHost: test\r\nContent-Length: 5\r\n\r\nhello")
                    .readResponse();
            assertThat(r.status()).as("the h2 origin's answer is the client's").isEqualTo(200);
            assertThat(r.body()).as("70,000 bytes: more than one DATA frame and the initial stream window")
                    .hasSize(70_000);
            MessageDigest sha = TestData.newSha256();
            sha.update(r.body());
            assertThat(TestData.hex(sha)).as("the body arrives byte for byte").isEqualTo(TestData.sha256(70_000));
            assertThat(r.header("x-seen-scheme")).as("the sub-request went as HTTP/2 in cleartext").isEqualTo("http");
            assertThat(r.header("x-body-bytes")).as("the request body went along").isEqualTo("5");
            assertThat(origin.streams()).as("one stream per sub-request").isEqualTo(1);

            RawResponse again = conn.get("/v1/echo");
            assertThat(again.status()).as("the client's connection and the h2 pool both go on").isEqualTo(200);
            assertThat(origin.acceptedConnections()).as("the second sub-request reused the HTTP/2 connection")
                    .isEqualTo(1);
        }
    }

    @Test
    void aStatusRuleSeesTheH2StatusAndTheNextStepsAnswerReachesTheClient() throws Exception {
        String yaml = IterativeRouterLimitsTest.irr("127.0.0.1:0", "initial_step: first\n",
                step("first", "x-origin-status", "503", "- status: [503]\n  next: second\n- default: true\n  done: true\n")
                        + step("second", "x-download", "12", "- default: true\n  done: true\n"));
        try (RunningGateway gw = RunningGateway.start(yaml, IterativeRouterLimitsTest.IRR);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/v1/echo");
            assertThat(r.status()).as("the 503 of the first step sent the loop on").isEqualTo(200);
            assertThat(r.body()).hasSize(12);
            assertThat(origin.streams()).as("one stream per step").isEqualTo(2);
            assertThat(origin.requestHeads()).extracting(h -> String.valueOf(h.get("x-origin-status")))
                    .as("each step sent its own headers").containsExactly("503", "null");
        }
    }

    @Test
    void aNonSuccessStatusFromTheH2OriginReachesTheClientAsIs() throws Exception {
        String yaml = IterativeRouterLimitsTest.irr("127.0.0.1:0", "initial_step: only\n",
                step("only", "x-origin-status", "404", "- default: true\n  done: true\n"));
        try (RunningGateway gw = RunningGateway.start(yaml, IterativeRouterLimitsTest.IRR);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/missing");
            assertThat(r.status()).as("the step's last answer is relayed, status included").isEqualTo(404);
        }
    }
}
