package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.RawHttpConnection;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Trailer sections (RFC 9112 7.1.2) never carry reserved ({@code x-praxis-*} and the like; see
 * docs/behaviour/routing-headers.md#reserved-header-prefixes) or connection-specific fields across
 * the gateway, either way: a client's are cleaned at the edge (a field must not slip past the ingress
 * refusal by coming after the body) and relayed, and an origin's are relayed cleaned the same way
 * (see docs/behaviour/upstream-http2.md#trailers).
 */
@Timeout(20)
class TrailerForwardingTest {

    @Test
    void reservedTrailerFieldsAreStrippedBothWays() throws Exception {
        try (ServerSocket origin = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<String> received = CompletableFuture.supplyAsync(() -> answer(origin));
            try (TestGateway gw = TestGateway.builder()
                            .filter(TestFilters.forwardTo(TestGateway.cluster("c"), "127.0.0.1", origin.getLocalPort()))
                            .start();
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                client.send("POST / HTTP/1.1\r\nHost: test\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "5\r\nhello\r\n0\r\nX-Checksum: abc\r\nX-Praxis-Model: forged\r\nX-Ext-Agent-Id: forged\r\n"
                        + "Connection: keep-alive\r\n\r\n");
                String upstream = received.get(10, TimeUnit.SECONDS).toLowerCase();
                assertThat(upstream).as("the body is relayed").contains("\r\nhello\r\n");
                assertThat(upstream).as("a client's ordinary trailer reaches the origin").contains("\r\nx-checksum: abc\r\n");
                assertThat(upstream).as("reserved trailer fields stop at the edge: no ingress check covers them")
                        .doesNotContain("x-praxis-model").doesNotContain("x-ext-agent-id");
                assertThat(upstream.substring(upstream.indexOf("\r\n\r\n"))).as("nor hop-by-hop fields")
                        .doesNotContain("connection:");

                String downstream = new String(client.input().readAllBytes(), StandardCharsets.ISO_8859_1).toLowerCase();
                assertThat(downstream).as("the origin's ordinary trailer is relayed").contains("\r\nx-digest: 42\r\n");
                assertThat(downstream).as("docs/behaviour/routing-headers.md#reserved-header-prefixes: reserved names never reach the client")
                        .doesNotContain("x-praxis-internal");
            }
        }
    }

    /** Reads one chunked request through its trailers and answers with a chunked response with trailers. */
    private static String answer(ServerSocket server) {
        try (Socket socket = server.accept()) {
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream seen = new ByteArrayOutputStream();
            int blankLines = 0;
            // The head ends with a blank line, and so does the trailer section after the last chunk.
            while (blankLines < 2) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                seen.write(b);
                if (seen.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                    blankLines++;
                    if (blankLines == 1) {
                        seen.write('|'); // so the head's end is not counted twice
                    }
                }
            }
            socket.getOutputStream().write(("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                    + "2\r\nok\r\n0\r\nX-Digest: 42\r\nX-Praxis-Internal: secret\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return seen.toString(StandardCharsets.ISO_8859_1).replace("|", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
