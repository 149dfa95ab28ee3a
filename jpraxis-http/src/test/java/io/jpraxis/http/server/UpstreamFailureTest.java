package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Origins that refuse, reset, stall or break off: 502 JSON before the head, an abort after; never a hang. */
@Timeout(20)
class UpstreamFailureTest {

    @Test
    void refusedConnectionIs502Json() throws IOException {
        int port = TestOrigin.unusedPort();
        try (TestGateway gw = TestGateway.builder()
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), "127.0.0.1", port)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = client.get("/");
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.header("content-type")).isEqualTo("application/problem+json");
            assertThat(response.bodyText()).as("docs/behaviour/request-lifecycle.md#error-bodies: no upstream address in the body")
                    .endsWith(",\"detail\":\"upstream refused the connection\"}")
                    .doesNotContain(String.valueOf(port));
            assertThat(response.header("x-request-id")).isNotNull();
            assertThat(gw.gateway().metrics().upstreamFailures(UpstreamFailure.CONNECT_REFUSED))
                    .as("legacy retry_policy: three retries, four attempts for a GET").isEqualTo(4);
            assertThat(client.get("/again").status()).as("client connection survives").isEqualTo(502);
        }
    }

    @Test
    void originClosingWithoutResponseIs502() throws IOException {
        assertFailureStatus(TestOrigin.Failure.CLOSE_WITHOUT_RESPONSE, "closed the connection prematurely");
    }

    @Test
    void originResetIs502() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = gatewayTo(TestGateway.cluster("c"), origin);
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            origin.failWith(TestOrigin.Failure.RESET);
            RawResponse response = client.get("/");
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.bodyText()).containsAnyOf("reset", "prematurely");
        }
    }

    @Test
    void readTimeoutIs502() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = gatewayTo(TestGateway.cluster("c", null, 300L, null, null), origin);
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            long started = System.nanoTime();
            client.send("GET / HTTP/1.1\r\nHost: test\r\n" + OriginCommands.FAIL + ": hang\r\n\r\n");
            RawResponse response = client.readResponse();
            long elapsedMs = (System.nanoTime() - started) / 1_000_000;
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.bodyText()).contains("read timed out");
            assertThat(elapsedMs).as("read_timeout_ms 300 honoured").isBetween(250L, 5_000L);
            assertThat(waitUntil(() -> origin.openConnections() == 0)).as("timed-out connection closed").isTrue();
        }
    }

    @Test
    void readTimeoutAlsoAppliesBetweenBodyPieces() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = gatewayTo(TestGateway.cluster("c", null, 300L, null, null), origin);
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            // The origin sends its head and one event, then falls silent (its other event is never released).
            client.send("GET / HTTP/1.1\r\nHost: test\r\n" + OriginCommands.EVENTS + ": 2\r\n\r\n");
            assertThat(client.readResponseHead().status()).isEqualTo(200);
            assertThat(client.readChunk()).as("the first event arrives").isNotEmpty();
            assertThatThrownBy(client::readChunk).as("silence past read_timeout_ms aborts the relayed response")
                    .isInstanceOfAny(EOFException.class, SocketException.class);
            assertThat(gw.gateway().metrics().upstreamFailures(UpstreamFailure.READ_TIMEOUT)).isEqualTo(1);
            assertThat(waitUntil(() -> origin.openConnections() == 0)).as("the silent connection is closed").isTrue();
        }
    }

    @Test
    void readTimeoutAppliesOnceTheOriginAnswersWhileTheRequestIsStillUnsent() throws Exception {
        // An origin that answers early (head and one chunk), then falls silent; the client has sent
        // only part of its body and stalls too. Without a bound, both sides would wait forever.
        try (ServerSocket origin = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            java.util.concurrent.CompletableFuture<Socket> accepted = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    Socket s = origin.accept();
                    readHead(s.getInputStream());
                    s.getOutputStream().write(("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                            + "5\r\nearly\r\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
                    s.getOutputStream().flush();
                    return s; // kept open and silent
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            try (TestGateway gw = TestGateway.builder().filter(TestFilters.forwardTo(
                            TestGateway.cluster("c", null, 300L, null, null), "127.0.0.1", origin.getLocalPort())).start();
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                // Over 64 KiB declared, so the body streams rather than being read whole first.
                client.send("POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 100000\r\n\r\nonly ten b");
                assertThat(client.readResponseHead().status()).isEqualTo(200);
                assertThat(new String(client.readChunk(), java.nio.charset.StandardCharsets.ISO_8859_1)).isEqualTo("early");
                assertThatThrownBy(client::readChunk).as("origin silence past read_timeout_ms aborts the response")
                        .isInstanceOfAny(EOFException.class, SocketException.class);
                assertThat(gw.gateway().metrics().upstreamFailures(UpstreamFailure.READ_TIMEOUT)).isEqualTo(1);
            } finally {
                accepted.thenAccept(s -> {
                    try {
                        s.close();
                    } catch (IOException ignored) {
                        // the test is over
                    }
                });
            }
        }
    }

    private static void readHead(java.io.InputStream in) throws IOException {
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("closed inside the request head");
            }
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
    }

    @Test
    void connectTimeoutIs502() throws IOException {
        // A listener whose accept queue is full drops further SYNs, so a connect can only time out.
        try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            java.util.List<Socket> queued = new java.util.ArrayList<>();
            try {
                while (queued.size() < 16) {
                    Socket s = new Socket();
                    queued.add(s);
                    try {
                        s.connect(full.getLocalSocketAddress(), 200);
                    } catch (java.net.SocketTimeoutException saturated) {
                        break;
                    }
                }
                ClusterConfig cluster = TestCluster.named("c").connectMs(300).retry(0, 0, false).build();
                try (TestGateway gw = TestGateway.builder()
                                .filter(TestFilters.forwardTo(cluster, "127.0.0.1", full.getLocalPort())).start();
                        RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                    RawResponse response = client.get("/");
                    assertThat(response.status()).isEqualTo(502);
                    assertThat(response.bodyText()).contains("connect timed out");
                    assertThat(gw.gateway().metrics().upstreamFailures(UpstreamFailure.CONNECT_TIMEOUT)).isEqualTo(1);
                }
            } finally {
                for (Socket s : queued) {
                    s.close();
                }
            }
        }
    }

    @Test
    void originThatStopsReadingTheBodyIsAWriteTimeout() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().bodyLimits(null, null)
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c", null, null, 300L, null, null), origin))
                        .start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            long length = 512L * 1024 * 1024;
            client.send("POST / HTTP/1.1\r\nHost: test\r\n" + OriginCommands.FAIL + ": stop_reading\r\n"
                    + "Content-Length: " + length + "\r\n\r\n");
            java.util.concurrent.CompletableFuture.runAsync(() -> {
                try {
                    io.jpraxis.testkit.TestData.stream(length).transferTo(client.output());
                } catch (IOException expected) {
                    // the gateway gives up on this exchange
                }
            });
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.bodyText()).contains("write timed out");
        }
    }

    @Test
    void slowButSteadyOriginIsNotTimedOut() throws IOException {
        // read_timeout_ms well above the delay: a loaded CI machine must not turn this into a timeout.
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = gatewayTo(TestGateway.cluster("c", null, 3_000L, null, null), origin);
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET / HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DELAY_MS + ": 300\r\n\r\n");
            assertThat(client.readResponse().status()).isEqualTo(200);
        }
    }

    @Test
    void originClosingMidBodyAbortsTheClientConnection() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = gatewayTo(TestGateway.cluster("c"), origin);
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET / HTTP/1.1\r\nHost: test\r\n" + OriginCommands.FAIL + ": close_mid_body\r\n\r\n");
            assertThatThrownBy(client::readResponse)
                    .as("head already sent: the client sees a truncated body, not a hang")
                    .isInstanceOfAny(EOFException.class, SocketException.class);
        }
    }

    @Test
    void clientDisconnectClosesTheUpstreamExchange() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = gatewayTo(TestGateway.cluster("c"), origin)) {
            try (RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                client.send("GET / HTTP/1.1\r\nHost: test\r\n" + OriginCommands.FAIL + ": hang\r\n\r\n");
                assertThat(waitUntil(() -> origin.requestCount() == 1)).isTrue();
            }
            assertThat(waitUntil(() -> origin.openConnections() == 0))
                    .as("the abandoned upstream connection is closed, not pooled").isTrue();
        }
    }

    @Test
    void healthyOriginAfterFailuresServesAgain() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = gatewayTo(TestGateway.cluster("c"), origin);
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            origin.failWith(TestOrigin.Failure.CLOSE_WITHOUT_RESPONSE);
            assertThat(client.get("/").status()).isEqualTo(502);
            origin.failWith(null);
            assertThat(client.get("/").status()).isEqualTo(200);
        }
    }

    private static void assertFailureStatus(TestOrigin.Failure failure, String reason) throws IOException {
        try (TestOrigin origin = TestOrigin.builder("o").failing(failure).start();
                TestGateway gw = gatewayTo(TestGateway.cluster("c"), origin);
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = client.get("/");
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.bodyText()).contains(reason);
        }
    }

    static TestGateway gatewayTo(ClusterConfig cluster, TestOrigin origin) {
        return TestGateway.builder().filter(TestFilters.forwardTo(cluster, origin)).start();
    }

    /** Polls for up to 5 s. */
    static boolean waitUntil(BooleanSupplier condition) {
        return Waits.until(condition);
    }
}
