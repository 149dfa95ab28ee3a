package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code examples/provider-failover.yaml} end to end: the iterative request router's step
 * {@code primary} fails over to {@code secondary} on a 5xx answer and on transport failures
 * (refused, no answer in time), against real origins standing for the two providers.
 */
class ProviderFailoverExampleTest {
    static final String EXAMPLE = "provider-failover.yaml";
    private static final String CHAT = "{\"model\":\"chat\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";

    private static RunningGateway gateway(String primary, String secondary) {
        return gateway(Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", primary, "127.0.0.1:3002", secondary)));
    }

    private static RunningGateway gateway(String yaml) {
        return RunningGateway.start(yaml, Examples.features(EXAMPLE));
    }

    private static String refusing() {
        return "127.0.0.1:" + TestOrigin.unusedPort();
    }

    /** POSTs {@link #CHAT} as a client with its own credentials and a header of its own. */
    private static RawResponse post(RawHttpConnection conn) throws IOException {
        byte[] body = CHAT.getBytes(StandardCharsets.UTF_8);
        conn.send("POST /v1/chat/completions?api-version=2 HTTP/1.1\r\nHost: gateway.example\r\n"
                + "Authorization: Bearer client-token\r\nX-Client-Note: keep-me-private\r\n"
                + "Content-Type: application/json; charset=utf-8\r\nContent-Length: " + body.length + "\r\n\r\n")
                .send(body);
        return conn.readResponse();
    }

    private static String sha256(String text) throws Exception {
        MessageDigest digest = TestData.newSha256();
        digest.update(text.getBytes(StandardCharsets.UTF_8));
        return TestData.hex(digest);
    }

    @Test
    void healthyPrimaryAnswersAndSecondaryIsNeverAsked() throws Exception {
        try (TestOrigin primary = TestOrigin.start("primary"); TestOrigin secondary = TestOrigin.start("secondary");
                RunningGateway gw = gateway(primary.address(), secondary.address());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = post(conn);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("x-provider")).isEqualTo("primary");
            EchoResponse echo = r.echo();
            assertThat(echo.origin()).isEqualTo("primary");
            assertThat(echo.header("authorization")).as("the step's own credentials")
                    .isEqualTo("Bearer primary-provider-key");
            assertThat(primary.requestCount()).isEqualTo(1);
            assertThat(secondary.requestCount()).isZero();
        }
    }

    @Test
    void aPrimaryFailingMidStreamCutsTheClientsResponseInsteadOfFailingOver() throws Exception {
        try (TestOrigin primary = TestOrigin.builder("primary").failing(TestOrigin.Failure.CLOSE_MID_BODY).start();
                TestOrigin secondary = TestOrigin.start("secondary");
                RunningGateway gw = gateway(primary.address(), secondary.address());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            byte[] body = CHAT.getBytes(StandardCharsets.UTF_8);
            conn.send("POST /v1/chat/completions HTTP/1.1\r\nHost: gateway.example\r\nContent-Length: "
                    + body.length + "\r\n\r\n").send(body);
            RawResponse head = conn.readResponseHead();
            assertThat(head.status()).as("the primary's head went out before it failed").isEqualTo(200);
            assertThat(head.header("x-provider")).isEqualTo("primary");
            assertThat(conn.drainToEnd()).as("cut short of the 1,000,000 bytes its head declared").isEqualTo(1000);
            assertThat(secondary.requestCount()).as("no failover after the head went out").isZero();
        }
    }

    @Test
    void primary503FailsOverToSecondaryWithFreshHeadersAndTheSameBody() throws Exception {
        try (TestOrigin primary = TestOrigin.builder("primary")
                        .fixed(503, "application/json", "{\"error\":\"overloaded\"}").start();
                TestOrigin secondary = TestOrigin.start("secondary");
                RunningGateway gw = gateway(primary.address(), secondary.address());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = post(conn);
            assertThat(r.status()).as("the secondary's answer, not the primary's 503").isEqualTo(200);
            assertThat(r.header("x-provider")).isEqualTo("secondary");
            assertThat(r.header("content-length")).as("recomputed from the answer's body")
                    .isEqualTo(Integer.toString(r.body().length));
            EchoResponse echo = r.echo();
            assertThat(echo.origin()).isEqualTo("secondary");
            assertThat(primary.requestCount()).as("one attempt at the primary").isEqualTo(1);
            assertThat(secondary.requestCount()).as("one at the secondary").isEqualTo(1);

            assertThat(echo.method()).isEqualTo("POST");
            assertThat(echo.uri()).as("the client's target").isEqualTo("/v1/chat/completions?api-version=2");
            assertThat(echo.bodyBytes()).isEqualTo(CHAT.length());
            assertThat(echo.bodySha256()).as("the client's body, resent whole").isEqualTo(sha256(CHAT));
            assertThat(echo.header("authorization")).as("the step's credentials; the client's never reach a provider")
                    .isEqualTo("Bearer secondary-provider-key");
            assertThat(echo.hasHeader("x-client-note")).as("no client header is inherited").isFalse();
            assertThat(echo.header("content-type")).as("the step's own representation header")
                    .isEqualTo("application/json");
            assertThat(echo.header("host")).as("Host is the destination's, not the client's")
                    .isEqualTo(secondary.address());
            assertThat(echo.header("x-praxis-iterative-depth")).as("one hop of iterative routing").isEqualTo("1");
        }
    }

    @Test
    void clientErrorFromPrimaryIsReturnedWithoutFailover() throws Exception {
        try (TestOrigin primary = TestOrigin.builder("primary")
                        .fixed(429, "application/json", "{\"error\":\"slow down\"}").start();
                TestOrigin secondary = TestOrigin.start("secondary");
                RunningGateway gw = gateway(primary.address(), secondary.address());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = post(conn);
            assertThat(r.status()).as("only 5xx and transport failures move on").isEqualTo(429);
            assertThat(r.bodyText()).isEqualTo("{\"error\":\"slow down\"}");
            assertThat(r.header("x-provider")).isEqualTo("primary");
            assertThat(secondary.requestCount()).isZero();
        }
    }

    @Test
    void refusedConnectionToPrimaryFailsOverToSecondary() throws Exception {
        try (TestOrigin secondary = TestOrigin.start("secondary");
                RunningGateway gw = gateway(refusing(), secondary.address());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = post(conn);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.echo().origin()).isEqualTo("secondary");
            assertThat(r.header("x-provider")).isEqualTo("secondary");
            assertThat(secondary.requestCount()).isEqualTo(1);
        }
    }

    @Test
    void primaryResettingTheConnectionFailsOverToSecondary() throws Exception {
        try (TestOrigin primary = TestOrigin.builder("primary").failing(TestOrigin.Failure.RESET).start();
                TestOrigin secondary = TestOrigin.start("secondary");
                RunningGateway gw = gateway(primary.address(), secondary.address());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = post(conn);
            assertThat(r.status()).as("an I/O failure is a transport failure too").isEqualTo(200);
            assertThat(r.echo().origin()).isEqualTo("secondary");
            assertThat(primary.requestCount()).isEqualTo(1);
            assertThat(secondary.requestCount()).isEqualTo(1);
        }
    }

    @Test
    void primaryThatNeverAnswersFailsOverAfterTheStepTimeout() throws Exception {
        try (TestOrigin primary = TestOrigin.builder("primary").failing(TestOrigin.Failure.HANG).start();
                TestOrigin secondary = TestOrigin.start("secondary")) {
            // A shorter step deadline than the example's 10 s, so the test takes a moment; the loop's
            // 30 s timeout_ms stays as it is.
            String yaml = Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", primary.address(),
                    "127.0.0.1:3002", secondary.address())).replace("step_timeout_ms: 10000", "step_timeout_ms: 300");
            assertThat(yaml).contains("step_timeout_ms: 300");
            try (RunningGateway gw = gateway(yaml); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                RawResponse r = post(conn);
                assertThat(r.status()).as("the secondary's answer within the loop's timeout").isEqualTo(200);
                assertThat(r.echo().origin()).isEqualTo("secondary");
                assertThat(primary.requestCount()).as("the primary got the request and said nothing").isEqualTo(1);
                assertThat(secondary.requestCount()).isEqualTo(1);
            }
        }
    }

    @Test
    void whenBothFailTheClientGetsTheSecondarysFailure() throws Exception {
        try (TestOrigin primary = TestOrigin.builder("primary")
                        .fixed(503, "application/json", "{\"error\":\"primary down\"}").start();
                TestOrigin secondary = TestOrigin.builder("secondary")
                        .fixed(500, "application/json", "{\"error\":\"secondary down\"}").start();
                RunningGateway gw = gateway(primary.address(), secondary.address());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = post(conn);
            assertThat(r.status()).as("the last step's answer").isEqualTo(500);
            assertThat(r.bodyText()).isEqualTo("{\"error\":\"secondary down\"}");
            assertThat(r.header("x-provider")).isEqualTo("secondary");
            assertThat(primary.requestCount()).isEqualTo(1);
            assertThat(secondary.requestCount()).as("no third attempt").isEqualTo(1);
        }
        try (RunningGateway gw = gateway(refusing(), refusing());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = post(conn);
            assertThat(r.status()).as("neither provider reachable").isEqualTo(502);
            assertThat(r.header("x-provider")).as("the secondary step's response filters ran on its failure")
                    .isEqualTo("secondary");
        }
    }
}
