package io.jpraxis.http.server;

import static io.jpraxis.http.server.UpstreamFailureTest.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Large bodies stream through with backpressure both ways; nothing is buffered whole. */
@Timeout(60)
class StreamingTest {
    private static final long MIB = 1024 * 1024;
    private TestOrigin origin;
    private TestGateway gateway;

    @BeforeEach
    void start() {
        origin = TestOrigin.start("o");
        gateway = TestGateway.builder().bodyLimits(1024 * MIB, 1024 * MIB)
                .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
    }

    @AfterEach
    void stop() {
        gateway.close();
        origin.close();
    }

    @Test
    void hundredMebibyteUploadStreamsWithEqualChecksum() throws IOException {
        long length = 100 * MIB;
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: " + length + "\r\n\r\n");
            InputStream data = TestData.stream(length);
            OutputStream out = client.output();
            MessageDigest sent = TestData.newSha256();
            copy(data, out, 8 * MIB, sent);
            assertThat(waitUntil(() -> origin.bodyBytesReceived() > MIB))
                    .as("the origin sees the body while the client is still sending it").isTrue();
            copy(data, out, length - 8 * MIB, sent);
            out.flush();
            EchoResponse echo = client.readResponse().echo();
            assertThat(echo.bodyBytes()).isEqualTo(length);
            assertThat(echo.bodySha256()).isEqualTo(TestData.hex(sent));
        }
    }

    @Test
    void chunkedUploadStreamsWithEqualChecksum() throws IOException {
        long length = 16 * MIB;
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("POST /upload HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n");
            OutputStream out = client.output();
            byte[] chunk = new byte[256 * 1024];
            for (long offset = 0; offset < length; offset += chunk.length) {
                TestData.fill(chunk, 0, chunk.length, offset);
                out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes());
                out.write(chunk);
                out.write("\r\n".getBytes());
            }
            out.write("0\r\n\r\n".getBytes());
            out.flush();
            EchoResponse echo = client.readResponse().echo();
            assertThat(echo.bodySha256()).isEqualTo(TestData.sha256(length));
        }
    }

    @Test
    void hundredMebibyteDownloadIsPacedByTheClient() throws Exception {
        long length = 100 * MIB;
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("GET /big HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DOWNLOAD + ": " + length + "\r\n"
                    + OriginCommands.FRAMING + ": length\r\n\r\n");
            RawResponse head = client.readResponseHead();
            assertThat(head.header("content-length")).isEqualTo(String.valueOf(length));
            Thread.sleep(1_000); // the client reads nothing for a second
            assertThat(origin.bodyBytesSent()).as("backpressure stops the origin (socket buffers aside)")
                    .isLessThan(48 * MIB);
            MessageDigest received = TestData.newSha256();
            byte[] buf = new byte[256 * 1024];
            long total = 0;
            InputStream in = client.input();
            while (total < length) {
                int n = in.read(buf, 0, (int) Math.min(buf.length, length - total));
                if (n < 0) {
                    break;
                }
                received.update(buf, 0, n);
                total += n;
            }
            assertThat(total).isEqualTo(length);
            assertThat(TestData.hex(received)).isEqualTo(TestData.sha256(length));
            assertThat(client.get("/after").status()).as("keep-alive after a large body").isEqualTo(200);
        }
    }

    @Test
    void serverSentEventsReachTheClientWhileTheOriginStillHoldsTheRest() throws IOException {
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("GET /events HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n"
                    + OriginCommands.EVENTS + ": 3\r\n\r\n");
            RawResponse head = client.readResponseHead();
            assertThat(head.header("content-type")).isEqualTo("text/event-stream");
            String first = "id: 0\ndata: event 0\n\n";
            StringBuilder seen = new StringBuilder();
            while (seen.length() < first.length()) {
                // The origin sends nothing more until released: a gateway that buffered would time out here.
                seen.append(new String(client.readChunk(), StandardCharsets.UTF_8));
            }
            assertThat(seen.toString()).as("the first event is relayed as soon as it arrives").isEqualTo(first);
            origin.releaseHeldEvents();
            byte[] chunk;
            while ((chunk = client.readChunk()).length > 0) {
                seen.append(new String(chunk, StandardCharsets.UTF_8));
            }
            assertThat(seen.toString()).isEqualTo(first + "id: 1\ndata: event 1\n\nid: 2\ndata: event 2\n\n");
            assertThat(client.get("/after").status()).as("keep-alive after the event stream").isEqualTo(200);
        }
    }

    private static void copy(InputStream in, OutputStream out, long count, MessageDigest digest) throws IOException {
        byte[] buf = new byte[256 * 1024];
        long left = count;
        while (left > 0) {
            int n = in.read(buf, 0, (int) Math.min(buf.length, left));
            digest.update(buf, 0, n);
            out.write(buf, 0, n);
            left -= n;
        }
    }
}
