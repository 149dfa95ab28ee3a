package io.jpraxis.http.server;

import static io.jpraxis.http.server.UpstreamFailureTest.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Client keep-alive and the upstream connection pool. */
@Timeout(30)
class KeepAliveTest {

    @Test
    void sequentialRequestsReuseOneUpstreamConnection() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            for (int i = 0; i < 100; i++) {
                assertThat(client.get("/r/" + i).echo().path()).isEqualTo("/r/" + i);
            }
            // One client connection lives on one event loop, whose pool serves it every time.
            assertThat(origin.acceptedConnections()).as("100 requests over a pooled connection").isEqualTo(1);
            assertThat(gw.gateway().metrics().upstreamReuses()).isEqualTo(99);
        }
    }

    @Test
    void pooledConnectionsAreSharedAcrossClientConnections() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().runtime(1, 64, null)
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start()) {
            for (int i = 0; i < 20; i++) {
                try (RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                    assertThat(client.get("/").status()).isEqualTo(200);
                }
            }
            assertThat(origin.acceptedConnections()).as("one event loop, one pool").isEqualTo(1);
        }
    }

    @Test
    void disabledPoolOpensAConnectionPerRequest() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().runtime(1, null, null)
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            for (int i = 0; i < 5; i++) {
                assertThat(client.get("/").status()).isEqualTo(200);
            }
            assertThat(origin.acceptedConnections()).isEqualTo(5);
            assertThat(waitUntil(() -> origin.openConnections() == 0)).isTrue();
        }
    }

    @Test
    void originClosingAPooledConnectionIsNoticedBeforeReuse() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().runtime(1, 64, null)
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            assertThat(client.get("/1").status()).isEqualTo(200);
            origin.closeAllConnections();
            assertThat(waitUntil(() -> gw.gateway().metrics().pooledClosedByOriginCount() == 1))
                    .as("the parked connection's close is seen while it is idle").isTrue();
            assertThat(client.get("/2").status()).isEqualTo(200);
            assertThat(origin.acceptedConnections()).isEqualTo(2);
            assertThat(gw.gateway().metrics().snapshot()).as("the stale connection was never tried")
                    .containsEntry("upstream_retries", 0L);
        }
    }

    @Test
    void originConnectionCloseIsHonoured() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            for (int i = 0; i < 3; i++) {
                client.send("GET / HTTP/1.1\r\nHost: test\r\n" + OriginCommands.CLOSE + ": true\r\n\r\n");
                assertThat(client.readResponse().status()).isEqualTo(200);
            }
            assertThat(origin.acceptedConnections()).as("never reuses a connection the origin closes").isEqualTo(3);
        }
    }

    @Test
    void idleUpstreamConnectionsCloseAfterIdleTimeout() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder()
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c", null, null, 1000L, null), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            assertThat(client.get("/").status()).isEqualTo(200);
            assertThat(origin.openConnections()).isEqualTo(1);
            assertThat(waitUntil(() -> origin.openConnections() == 0)).as("idle_timeout_ms 1000").isTrue();
        }
    }

    @Test
    void idleClientConnectionClosesAfterKeepAliveTimeout() throws IOException {
        try (TestGateway gw = TestGateway.builder().keepAliveTimeoutMs(500L)
                        .filter(TestFilters.respond(200, "text/plain", "ok")).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            assertThat(client.get("/").status()).isEqualTo(200);
            long started = System.nanoTime();
            assertThat(client.closedByPeer()).isTrue();
            assertThat((System.nanoTime() - started) / 1_000_000).as("rounded up to 1 s (docs/behaviour/http-edge.md#connection-caps-and-keep-alive)")
                    .isBetween(500L, 5_000L);
        }
    }

    @Test
    void http10ClientWithoutKeepAliveIsClosedAfterTheResponse() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET / HTTP/1.0\r\n\r\n");
            var response = client.readResponse();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("connection")).isEqualTo("close");
            assertThat(client.closedByPeer()).isTrue();
        }
    }

    @Test
    void http10KeepAliveClientGetsLengthFramedResponsesOnOneConnection() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            for (int i = 0; i < 2; i++) {
                client.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
                var response = client.readResponse();
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.header("connection")).isEqualToIgnoringCase("keep-alive");
                assertThat(response.header("content-length")).isNotNull();
            }
        }
    }

    @Test
    void http10ClientGetsChunkedUpstreamBodyCloseDelimited() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n" + OriginCommands.DOWNLOAD + ": 100000\r\n\r\n");
            var response = client.readResponse();
            assertThat(response.chunked()).as("RFC 9112 7: no chunked to HTTP/1.0").isFalse();
            assertThat(response.header("connection")).isEqualTo("close");
            assertThat(response.body()).hasSize(100_000);
        }
    }
}
