package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client's request trailers reach an HTTP/1.1 origin as chunked trailers, less what would carry
 * past the ingress checks what the head may not (reserved {@code x-praxis-*} headers; see
 * docs/behaviour/routing-headers.md#reserved-header-prefixes; hop-by-hop and framing fields); see
 * docs/behaviour/upstream-http2.md#trailers.
 */
@Timeout(20)
class RequestTrailersTest {

    @Test
    void chunkedRequestTrailersAreRelayedCleaned() throws Exception {
        try (RawOrigin origin = new RawOrigin();
                TestGateway gw = TestGateway.builder()
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), "127.0.0.1", origin.port())).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("POST /t HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n"
                    + "X-Praxis-Model: forged\r\nX-Other: trailer\r\n\r\n");
            RawResponse response = client.readResponse();

            assertThat(response.status()).isEqualTo(200);
            String upstream = origin.request().get(5, TimeUnit.SECONDS);
            assertThat(upstream).as("the body still arrives").contains("3\r\nabc\r\n0\r\n");
            assertThat(upstream.toLowerCase()).as("only the ordinary trailer reaches the origin:\n" + upstream)
                    .doesNotContain("x-praxis-model").contains("\r\nx-other: trailer\r\n");
        }
    }

    @Test
    void http2RequestTrailersAreRelayedCleaned() throws Exception {
        try (RawOrigin origin = new RawOrigin();
                TestGateway gw = TestGateway.builder()
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), "127.0.0.1", origin.port())).start();
                H2cClient client = H2cClient.connect(gw.port())) {
            CompletableFuture<H2Response> response = client.sendFrames(H2cClient.headers("POST", "/t"),
                    new DefaultHttp2DataFrame(io.netty.buffer.Unpooled.copiedBuffer("abc", StandardCharsets.US_ASCII)),
                    new DefaultHttp2HeadersFrame(new DefaultHttp2Headers(false).add("x-praxis-model", "forged")
                            .add("x-other", "trailer").add("content-length", "99"), true));

            assertThat(H2cClient.await(response).status()).isEqualTo(200);
            String upstream = origin.request().get(5, TimeUnit.SECONDS);
            assertThat(upstream).as("the body still arrives").contains("abc");
            assertThat(upstream.toLowerCase()).as("the request goes chunked and carries the ordinary trailer:\n"
                    + upstream).doesNotContain("x-praxis-model").contains("\r\nx-other: trailer\r\n")
                    .doesNotContain("content-length: 99");
        }
    }

    /** Reads one chunked request as raw text and answers 200. */
    private static final class RawOrigin implements AutoCloseable {
        private final ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        private final CompletableFuture<String> request = new CompletableFuture<>();

        RawOrigin() throws IOException {
            Thread.ofVirtual().start(this::serveOne);
        }

        int port() {
            return server.getLocalPort();
        }

        CompletableFuture<String> request() {
            return request;
        }

        private void serveOne() {
            try (Socket socket = server.accept()) {
                InputStream in = socket.getInputStream();
                ByteArrayOutputStream seen = new ByteArrayOutputStream();
                // Up to the blank line after the last chunk (and its trailers, if any came).
                while (!seen.toString(StandardCharsets.ISO_8859_1).matches("(?s).*\r\n0\r\n(.*\r\n)?\r\n$")) {
                    int b = in.read();
                    if (b < 0) {
                        break;
                    }
                    seen.write(b);
                }
                request.complete(seen.toString(StandardCharsets.ISO_8859_1));
                socket.getOutputStream().write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                        .getBytes(StandardCharsets.ISO_8859_1));
            } catch (IOException e) {
                request.completeExceptionally(e);
            }
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }
}
