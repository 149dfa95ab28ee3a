package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.http.exchange.ListenerContext;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2StreamFrame;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client that stops sending its request body gets 408 (RFC 9110 15.5.9) after the listener's
 * request body timeout, or a cut once its response began, and holds no origin connection: a small
 * body with a declared length is read whole before an upstream connection is taken, and a larger
 * one gives its connection back when it times out. Tests set a short timeout; the head's own
 * deadline is {@link HeaderReadTimeoutTest}'s.
 */
@Timeout(30)
class RequestBodyTimeoutTest {
    private static final long TIMEOUT_MS = 500;
    private static final int KIB = 1024;
    private TestOrigin origin;
    private TestGateway gateway;

    @BeforeEach
    void startOrigin() {
        origin = TestOrigin.start("o");
    }

    @AfterEach
    void stop() {
        if (gateway != null) {
            gateway.close();
        }
        origin.close();
    }

    private TestGateway start(long timeoutMs, HttpFilter... before) {
        TestGateway.Builder builder = TestGateway.builder().bodyReadTimeoutMs(timeoutMs);
        for (HttpFilter f : before) {
            builder.filter(f);
        }
        gateway = builder.filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
        return gateway;
    }

    private static String post(long contentLength) {
        return "POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: " + contentLength + "\r\n\r\n";
    }

    private static byte[] pattern(int length) {
        byte[] bytes = new byte[length];
        TestData.fill(bytes, 0, length, 0);
        return bytes;
    }

    // ---- HTTP/1.1 ----

    @Test
    void aStalledSmallBodyIsAnswered408WithoutTheOriginSeeingAnything() throws IOException {
        start(TIMEOUT_MS);
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(post(1000)).send(pattern(10));
            RawResponse response = client.readResponse();
            assertThat(response.status()).as("RFC 9110 15.5.9: the client took too long to send the body")
                    .isEqualTo(408);
            assertThat(response.header("connection")).as("the rest of the body is never read").isEqualTo("close");
            assertThat(client.closedByPeer()).as("the connection ends after the 408").isTrue();
        }
        assertThat(origin.acceptedConnections()).as("a small body is read whole before an upstream is taken")
                .isZero();
        assertThat(origin.requestCount()).isZero();
        assertThat(gateway.gateway().metrics().requestBodyTimeouts()).as("each timeout is counted").isEqualTo(1);
        assertThat(Waits.until(() -> gateway.gateway().metrics().activeUpstreamExchanges() == 0)).isTrue();
    }

    @Test
    void manyStalledSmallUploadsHoldNoOriginConnection() throws IOException {
        start(3_000);
        List<RawHttpConnection> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                RawHttpConnection client = RawHttpConnection.open(gateway.port());
                clients.add(client);
                client.send(post(1000)).send(pattern(10));
            }
            assertThat(Waits.until(() -> gateway.gateway().metrics().activeUpstreamExchanges() == 20))
                    .as("every upload was routed and is waiting for the rest of its body").isTrue();
            assertThat(origin.acceptedConnections()).as("while they wait, none of them holds an origin connection")
                    .isZero();
            for (RawHttpConnection client : clients) {
                assertThat(client.readResponse().status()).isEqualTo(408);
            }
        } finally {
            clients.forEach(RawHttpConnection::close);
        }
        assertThat(origin.acceptedConnections()).isZero();
        assertThat(gateway.gateway().metrics().requestBodyTimeouts()).isEqualTo(20);
    }

    @Test
    void aBodyOfExactly64KibIsReadWholeFirstAndOneByteMoreStreams() throws IOException {
        start(TIMEOUT_MS);
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(post(64 * KIB)).send(pattern(10));
            assertThat(client.readResponse().status()).isEqualTo(408);
        }
        assertThat(origin.acceptedConnections()).as("64 KiB is still read whole before connecting").isZero();
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(post(64 * KIB + 1)).send(pattern(10));
            assertThat(Waits.until(() -> origin.openConnections() == 1)).as("one byte more streams").isTrue();
            assertThat(client.readResponse().status()).isEqualTo(408);
        }
        assertThat(Waits.until(() -> origin.openConnections() == 0)).isTrue();
    }

    @Test
    void aStalledLargeBodyTimesOutAndItsUpstreamConnectionIsClosed() throws IOException {
        start(TIMEOUT_MS);
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(post(1024 * KIB)).send(pattern(70 * KIB));
            assertThat(Waits.until(() -> origin.openConnections() == 1))
                    .as("a body over 64 KiB streams, so the origin is connected").isTrue();
            RawResponse response = client.readResponse();
            assertThat(response.status()).as("no response began, so the client learns why").isEqualTo(408);
            assertThat(client.closedByPeer()).isTrue();
        }
        assertThat(Waits.until(() -> origin.openConnections() == 0))
                .as("the upstream connection with half a request on it is closed, not pooled").isTrue();
        assertThat(Waits.until(() -> gauge("jpraxis.upstream.exchanges.active") == 0))
                .as("the exchange is given back").isTrue();
        assertThat(gauge("jpraxis.upstream.pool.idle")).as("nothing is parked for reuse").isZero();
        assertThat(gateway.gateway().metrics().requestBodyTimeouts()).isEqualTo(1);
    }

    @Test
    void aBodyThatStallsAfterTheResponseBeganIsCut() throws Exception {
        // An origin that answers as soon as the head is in, without reading the body, then waits.
        try (ServerSocket early = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Socket> upstream = CompletableFuture.supplyAsync(() -> answerHeadThenWait(early));
            gateway = TestGateway.builder().bodyReadTimeoutMs(TIMEOUT_MS)
                    .filter(TestFilters.forwardTo(TestGateway.cluster("c"), "127.0.0.1", early.getLocalPort())).start();
            try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
                client.send(post(1024 * KIB)).send(pattern(70 * KIB));
                assertThat(client.readResponseHead().status()).as("the origin's answer began").isEqualTo(200);
                assertThat(peerCloses(client.input())).as("then the client connection is cut").isTrue();
            }
            try (Socket origin = upstream.get()) {
                assertThat(peerCloses(origin.getInputStream())).as("and the upstream connection is closed")
                        .isTrue();
            }
        }
        assertThat(Waits.until(() -> gauge("jpraxis.upstream.exchanges.active") == 0)).isTrue();
        assertThat(gateway.gateway().metrics().requestBodyTimeouts()).isEqualTo(1);
    }

    /** Whether the peer ends the stream (FIN or RST) before the read timeout, whatever it sent before. */
    private static boolean peerCloses(InputStream in) {
        byte[] buf = new byte[64 * KIB];
        try {
            while (in.read(buf) >= 0) {
                // what was relayed before the cut
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // a reset is an ending too
        }
    }

    /** Reads a request head from the one connection {@code server} accepts and answers it with a chunked head. */
    private static Socket answerHeadThenWait(ServerSocket server) {
        try {
            Socket s = server.accept();
            s.setSoTimeout(10_000);
            var in = s.getInputStream();
            int matched = 0;
            while (matched < 4) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("closed before the head ended");
                }
                matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
            }
            s.getOutputStream().write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nearly\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aSlowButSteadySmallBodyIsReadWholeThenSentWithItsLength() throws Exception {
        start(TIMEOUT_MS);
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(post(20 * 50));
            for (int i = 0; i < 20; i++) {
                client.send(pattern(50));
                if (i == 18) {
                    assertThat(origin.acceptedConnections()).as("the origin is not contacted before the last byte")
                            .isZero();
                }
                Thread.sleep(100); // slow, but never silent for anything near the timeout
            }
            EchoResponse echo = client.readResponse().echo();
            assertThat(echo.bodyBytes()).isEqualTo(1000);
            assertThat(echo.header("content-length")).as("sent with its exact length").isEqualTo("1000");
            assertThat(echo.hasHeader("transfer-encoding")).isFalse();
        }
        assertThat(gateway.gateway().metrics().requestBodyTimeouts()).isZero();
    }

    @Test
    void aSlowButSteadyChunkedBodyStreamsThrough() throws Exception {
        start(TIMEOUT_MS);
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("POST /upload HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n");
            for (int i = 0; i < 15; i++) {
                client.send("a\r\n0123456789\r\n");
                if (i == 2) {
                    assertThat(Waits.until(() -> origin.openConnections() == 1))
                            .as("a body without a length streams as it comes").isTrue();
                }
                Thread.sleep(100);
            }
            client.send("0\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.echo().bodyBytes()).isEqualTo(150);
        }
        assertThat(gateway.gateway().metrics().requestBodyTimeouts()).isZero();
    }

    @Test
    void aStalledBodyAfterExpectContinueIsAnswered408() throws IOException {
        start(TIMEOUT_MS);
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("POST /upload HTTP/1.1\r\nHost: test\r\nExpect: 100-continue\r\nContent-Length: 1000\r\n\r\n");
            byte[] interim = client.socket().getInputStream().readNBytes(25);
            assertThat(new String(interim, StandardCharsets.ISO_8859_1))
                    .as("RFC 9110 10.1.1: the gateway asks for the body it is about to read").startsWith(
                            "HTTP/1.1 100 Continue");
            client.send(pattern(10));
            assertThat(client.readResponse().status()).isEqualTo(408);
        }
        assertThat(origin.acceptedConnections()).isZero();
    }

    @Test
    void aStalledBodyOfABufferingPipelineIsAnswered408() throws IOException {
        start(TIMEOUT_MS, new TestFilters.Simple("reads_body") {
            @Override
            public FilterDeclaration declaration() {
                return super.declaration().withRequestBody(BodyAccess.READ_ONLY, BodyMode.buffer(1024 * KIB));
            }
        });
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(post(200 * KIB)).send(pattern(10 * KIB));
            assertThat(client.readResponse().status()).as("the pre-read before the request phase times out too")
                    .isEqualTo(408);
        }
        assertThat(origin.acceptedConnections()).isZero();
        assertThat(gateway.gateway().metrics().requestBodyTimeouts()).isEqualTo(1);
    }

    // ---- HTTP/2 ----

    @Test
    void aStalledSmallHttp2BodyIsAnswered408AndTheConnectionServesOn() {
        start(1_500);
        try (H2cClient client = H2cClient.connect(gateway.port())) {
            CompletableFuture<H2Response> stalled = client.sendFrames(upload(1000), data(10));
            H2Response other = H2cClient.await(client.get("/other"));
            assertThat(other.status()).as("another stream on the connection is served meanwhile").isEqualTo(200);
            assertThat(stalled).as("the stalled stream is still waiting").isNotDone();
            H2Response response = H2cClient.await(stalled);
            assertThat(response.status()).as("no response began on the stalled stream").isEqualTo(408);
            assertThat(H2cClient.await(client.get("/after")).status()).as("the connection goes on")
                    .isEqualTo(200);
        }
        assertThat(origin.requestLines()).as("the stalled upload never reached the origin")
                .containsExactly("GET /other", "GET /after");
        assertThat(gateway.gateway().metrics().requestBodyTimeouts()).isEqualTo(1);
    }

    @Test
    void aStalledLargeHttp2BodyTimesOutAndItsUpstreamConnectionIsClosed() {
        start(TIMEOUT_MS);
        try (H2cClient client = H2cClient.connect(gateway.port())) {
            List<Http2StreamFrame> frames = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                frames.add(data(14 * KIB));
            }
            H2Response response = H2cClient.await(client.sendFrames(upload(1024 * KIB),
                    frames.toArray(Http2StreamFrame[]::new)));
            assertThat(response.status() == 408 || response.reset())
                    .as("408 when no response began, else the stream is reset: " + response).isTrue();
            assertThat(H2cClient.await(client.get("/after")).status()).as("the connection goes on")
                    .isEqualTo(200);
        }
        assertThat(origin.acceptedConnections()).as("the 70 KiB streamed to an origin").isGreaterThanOrEqualTo(1);
        assertThat(Waits.until(() -> gauge("jpraxis.upstream.exchanges.active") == 0)).isTrue();
        assertThat(Waits.until(() -> origin.openConnections() <= 1))
                .as("only the pooled connection of /after may stay open").isTrue();
        assertThat(gateway.gateway().metrics().requestBodyTimeouts()).isEqualTo(1);
    }

    private static Http2Headers upload(long contentLength) {
        return H2cClient.headers("POST", "/upload").add("content-length", Long.toString(contentLength));
    }

    private static DefaultHttp2DataFrame data(int length) {
        return new DefaultHttp2DataFrame(Unpooled.wrappedBuffer(pattern(length)), false);
    }

    // ---- the default ----

    @Test
    void theBodyTimeoutIsSixtySecondsWhenTheListenerSetsNone() {
        var unset = TestGateway.builder().compile().listeners().getFirst().config();
        var set = TestGateway.builder().bodyReadTimeoutMs(2_500L).compile().listeners().getFirst().config();
        assertThat(unset.downstreamReadTimeoutMs()).as("the config keeps the key unset").isNull();
        assertThat(HttpGateway.requestBodyTimeoutMs(unset)).as("nginx's client_body_timeout")
                .isEqualTo(60_000).isEqualTo(ListenerContext.DEFAULT_REQUEST_BODY_TIMEOUT_MS);
        assertThat(HttpGateway.requestBodyTimeoutMs(set)).as("downstream_read_timeout_ms overrides it")
                .isEqualTo(2_500);
    }

    private double gauge(String name) {
        return gateway.gateway().meters().get(name).gauge().value();
    }
}
