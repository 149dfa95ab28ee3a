package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Responses the gateway makes itself: filter answers, refusals and the status map (see
 * docs/behaviour/request-lifecycle.md#local-statuses).
 */
@Timeout(20)
class LocalResponseTest {

    @Test
    void reservedClientHeaderIsRefusedWith400Json() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET / HTTP/1.1\r\nHost: test\r\nX-Praxis-Model: forged\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).as("docs/behaviour/routing-headers.md#reserved-header-prefixes").isEqualTo(400);
            assertThat(response.header("content-type")).isEqualTo("application/problem+json");
            assertThat(response.bodyText()).endsWith(",\"detail\":\"reserved header not allowed: x-praxis-model\"}");
            assertThat(response.header("x-request-id")).startsWith("req-");
            assertThat(origin.requestCount()).as("refused before the pipeline and the origin").isZero();
            assertThat(client.get("/ok").status()).as("the connection stays usable").isEqualTo(200);
        }
    }

    @Test
    void iterativeDepthHeaderIsAllowedButNotForwarded() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET / HTTP/1.1\r\nHost: test\r\nX-Praxis-Iterative-Depth: 1\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.echo().hasHeader("x-praxis-iterative-depth")).isFalse();
        }
    }

    @Test
    void rejectBecomesJsonErrorWithItsStatus() throws IOException {
        try (TestGateway gw = TestGateway.builder().filter(TestFilters.reject(429, "slow down")).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = client.get("/");
            assertThat(response.status()).isEqualTo(429);
            assertThat(response.bodyText()).endsWith(",\"detail\":\"slow down\"}");
            assertThat(response.header("content-type")).isEqualTo("application/problem+json");
            assertThat(response.header("x-request-id")).isEqualTo("req-1");
            assertThat(response.header("date")).as("RFC 9110 6.6.1").endsWith(" GMT");
        }
    }

    @Test
    void noUpstreamIs500NamingTheReason() throws IOException {
        try (TestGateway gw = TestGateway.builder().filter(TestFilters.requestHeaders(h -> { })).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = client.get("/");
            assertThat(response.status()).as("docs/behaviour/request-lifecycle.md#no-endpoint-selected").isEqualTo(500);
            assertThat(response.bodyText()).contains("no upstream selected");
            assertThat(response.header("x-request-id")).isNotNull();
        }
    }

    @Test
    void emptyPipelineIsNoUpstream() throws IOException {
        try (TestGateway gw = TestGateway.builder().start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            assertThat(client.get("/").status()).isEqualTo(500);
        }
    }

    @Test
    void filterResponseIsSentThroughTheResponsePhase() throws IOException {
        try (TestGateway gw = TestGateway.builder()
                        .filter(TestFilters.responseHeaders(r -> r.headers().set("x-seen", String.valueOf(r.local()))))
                        .filter(TestFilters.respond(201, "text/plain", "made here"))
                        .start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = client.get("/");
            assertThat(response.status()).isEqualTo(201);
            assertThat(response.bodyText()).isEqualTo("made here");
            assertThat(response.header("x-seen")).as("response hooks of filters that ran").isEqualTo("true");
            assertThat(response.header("x-request-id")).as("not an error").isNull();
            assertThat(response.header("content-length")).isEqualTo("9");
            assertThat(client.get("/again").status()).as("keep-alive after a local answer").isEqualTo(201);
        }
    }

    @Test
    void responseFilterCanReplaceUpstreamResponse() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder()
                        .filter(TestFilters.replaceResponseWhen(500, 503, "upstream unhealthy"))
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin))
                        .start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET / HTTP/1.1\r\nHost: test\r\n" + OriginCommands.STATUS + ": 500\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(503);
            assertThat(response.bodyText()).endsWith(",\"detail\":\"upstream unhealthy\"}");
            assertThat(response.header("x-request-id")).isNotNull();
            assertThat(client.get("/fine").status()).isEqualTo(200);
        }
    }

    @Test
    void asyncFilterCompletingOnAnotherThreadIsServed() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder()
                        .filter(TestFilters.async(50, TestFilters.forwardTo(TestGateway.cluster("c"), origin)))
                        .start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            for (int i = 0; i < 3; i++) {
                assertThat(client.get("/async/" + i).echo().path()).isEqualTo("/async/" + i);
            }
        }
    }

    @Test
    void headLocalResponseHasLengthButNoBody() throws IOException {
        try (TestGateway gw = TestGateway.builder().filter(TestFilters.respond(200, "text/plain", "twelve bytes")).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("HEAD / HTTP/1.1\r\nHost: test\r\n\r\n");
            RawResponse head = client.readResponse(true);
            assertThat(head.header("content-length")).isEqualTo("12");
            assertThat(client.get("/").bodyText()).isEqualTo("twelve bytes");
        }
    }
}
