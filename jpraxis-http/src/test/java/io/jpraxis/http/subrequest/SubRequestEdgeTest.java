package io.jpraxis.http.subrequest;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.subrequest.SubRequest;
import io.jpraxis.core.subrequest.SubRequestClient;
import io.jpraxis.core.subrequest.SubResponse;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every request's context carries its event loop's sub-request client, on HTTP/1.1 and HTTP/2: a
 * filter sends a sub-request through it (as the iterative request router's steps do) and answers
 * with what came back.
 */
@Timeout(20)
class SubRequestEdgeTest {
    private static final String DEPTH = "x-praxis-iterative-depth";

    /** Answers each request with a sub-request's response, sent with the inbound depth plus one. */
    private static HttpFilter relayThroughSubRequest(int port) {
        UpstreamTarget target = UpstreamTarget.detached(TestGateway.cluster("steps"), new Endpoint("127.0.0.1", port, 1));
        return new TestFilters.Simple("test_subrequest") {
            @Override
            public boolean isAsync() {
                return true;
            }

            @Override
            public CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
                SubRequestClient client = ctx.subRequests();
                if (client == null) {
                    return CompletableFuture.completedFuture(new FilterAction.Reject(500, "no sub-request client"));
                }
                Thread requestThread = Thread.currentThread();
                String depth = ctx.headers().get(DEPTH);
                HeaderMap headers = new HeaderMap().set(DEPTH, depth == null ? "1" : Integer.toString(Integer.parseInt(depth) + 1));
                SubRequest step = new SubRequest(target, "GET", "/step", headers, new byte[0],
                        Instant.now().plusSeconds(5), 1 << 20);
                return client.send(step).thenApply(response -> switch (response) {
                    case SubResponse.Received received -> new FilterAction.Respond(new LocalResponse(received.status(),
                            new HeaderMap().set("content-type", "application/json")
                                    .set("x-completed-on-request-thread",
                                            Boolean.toString(Thread.currentThread() == requestThread)),
                            received.body()));
                    case SubResponse.Failed failed -> new FilterAction.Reject(failed.kind().status(), failed.kind().configName());
                });
            }
        };
    }

    @Test
    void http1RequestsCanSendSubRequestsOnTheirOwnLoop() throws Exception {
        try (TestOrigin origin = TestOrigin.start("step");
                TestGateway gw = TestGateway.builder().filter(relayThroughSubRequest(origin.port())).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = client.get("/parent");
            assertThat(response.status()).isEqualTo(200);
            EchoResponse echo = response.echo();
            assertThat(echo.path()).isEqualTo("/step");
            assertThat(echo.headerValues(DEPTH)).containsExactly("1");
            assertThat(response.header("x-completed-on-request-thread"))
                    .as("the stage completed on the request's event loop").isEqualTo("true");
        }
    }

    @Test
    void http2StreamsCanSendSubRequestsOnTheirOwnLoop() throws Exception {
        try (TestOrigin origin = TestOrigin.start("step");
                TestGateway gw = TestGateway.builder().filter(relayThroughSubRequest(origin.port())).start();
                H2cClient client = H2cClient.connect(gw.port())) {
            H2Response response = H2cClient.await(client.get("/parent"));
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.echo().path()).isEqualTo("/step");
            assertThat(response.header("x-completed-on-request-thread")).isEqualTo("true");
        }
    }

    @Test
    void inboundIterativeDepthIsAdmittedAndReadByFilters() throws Exception {
        try (TestOrigin origin = TestOrigin.start("step");
                TestGateway gw = TestGateway.builder().filter(relayThroughSubRequest(origin.port())).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET /parent HTTP/1.1\r\nHost: test\r\nX-Praxis-Iterative-Depth: 2\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).as("docs/behaviour/routing-headers.md#reserved-header-prefixes: the one reserved header a client may send").isEqualTo(200);
            assertThat(response.echo().headerValues(DEPTH)).as("the filter read it and sent it on, incremented")
                    .containsExactly("3");
        }
    }

    @Test
    void inboundIterativeDepthIsNotForwardedOnTheProxyPath() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder()
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET / HTTP/1.1\r\nHost: test\r\nX-Praxis-Iterative-Depth: 1\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.echo().hasHeader(DEPTH)).as("only sub-requests carry it upstream").isFalse();
            client.send("GET / HTTP/1.1\r\nHost: test\r\nX-Praxis-Model: forged\r\n\r\n");
            assertThat(client.readResponse().status()).as("any other reserved header is still refused").isEqualTo(400);
        }
    }

    @Test
    void transportFailureReachesTheFilterAsAValue() throws Exception {
        try (TestGateway gw = TestGateway.builder().filter(relayThroughSubRequest(TestOrigin.unusedPort())).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = client.get("/parent");
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.bodyText()).contains("connect");
        }
    }
}
