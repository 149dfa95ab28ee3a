package io.jpraxis.http.server;

import static io.jpraxis.http.server.UpstreamFailureTest.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.netty.handler.codec.http2.Http2Headers;
import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client that stops reading a proxied response has its exchange cut after the send timeout, so
 * it cannot hold the upstream connection (on HTTP/2, its stream is reset and the connection goes
 * on); a client that reads slowly but keeps reading is served whole. Tests use a short timeout.
 */
@Timeout(30)
class SendTimeoutTest {
    private static final long MIB = 1024 * 1024;
    private static final long SEND_TIMEOUT_MS = 1_000;
    private TestOrigin origin;
    private HttpGateway gateway;

    @BeforeEach
    void start() {
        origin = TestOrigin.start("o");
        TestGateway.Builder builder = TestGateway.builder().bodyLimits(1024 * MIB, 1024 * MIB)
                .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin));
        RuntimeServices services = new RuntimeServices(Clock.systemUTC(), RandomGenerator.of("L64X128MixRandom"),
                IdGenerator.sequential("req"));
        gateway = new HttpGateway(builder.compile(), services, Transport.select()).sendTimeoutMs(SEND_TIMEOUT_MS)
                .start();
    }

    @AfterEach
    void stop() {
        gateway.stop(Duration.ofSeconds(1));
        origin.close();
    }

    private static String download(long length) {
        return "GET /big HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DOWNLOAD + ": " + length + "\r\n"
                + OriginCommands.FRAMING + ": length\r\n\r\n";
    }

    @Test
    void aClientThatStopsReadingIsCutAndTheOriginConnectionIsClosed() throws Exception {
        long length = 200 * MIB;
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port("main"))) {
            client.send(download(length));
            assertThat(client.readResponseHead().status()).isEqualTo(200);
            // The client now reads nothing: the relay fills the buffers, stops, and the timer runs.
            assertThat(waitUntil(() -> gateway.metrics().sendTimeouts() == 1))
                    .as("the stalled exchange is cut once").isTrue();
            assertThat(waitUntil(() -> origin.openConnections() == 0))
                    .as("the upstream connection carrying the unread response is closed, not pooled").isTrue();
            long sentWhenCut = origin.bodyBytesSent();
            assertThat(sentWhenCut).as("the origin was stopped long before the end").isLessThan(length / 2);

            long received = drain(client.input());
            assertThat(received).as("the client gets what was buffered, then the connection ends")
                    .isLessThan(length);
            assertThat(gateway.metrics().upstreamFailures(UpstreamFailure.READ_TIMEOUT))
                    .as("the origin is not blamed").isZero();
            assertThat(gateway.metrics().sendTimeouts()).isEqualTo(1);
        }
    }

    @Test
    void aSlowButSteadyReaderIsServedWhole() throws Exception {
        long length = 24 * MIB;
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port("main"))) {
            client.send(download(length));
            assertThat(client.readResponseHead().status()).isEqualTo(200);
            MessageDigest received = TestData.newSha256();
            byte[] buf = new byte[512 * 1024];
            InputStream in = client.input();
            long total = 0;
            int pauses = 0;
            while (total < length) {
                int n = in.read(buf, 0, (int) Math.min(buf.length, length - total));
                if (n < 0) {
                    break;
                }
                received.update(buf, 0, n);
                total += n;
                if (pauses < 12 && total > (pauses + 1) * 2 * MIB) {
                    pauses++;
                    Thread.sleep(150); // slow, but never silent for anything near a whole timeout
                }
            }
            assertThat(total).isEqualTo(length);
            assertThat(TestData.hex(received)).isEqualTo(TestData.sha256(length));
            assertThat(gateway.metrics().sendTimeouts()).isZero();
            assertThat(client.get("/after").status()).as("the connection stays usable").isEqualTo(200);
        }
    }

    @Test
    void anHttp2StreamThatStopsReadingIsResetAndTheConnectionServesOn() throws Exception {
        try (H2cClient client = H2cClient.connect(gateway.port("main"))) {
            Http2Headers headers = H2cClient.headers("GET", "/download")
                    .add(OriginCommands.DOWNLOAD, Long.toString(200 * MIB));
            CompletableFuture<H2Response> stalled = client.send(headers, 0, new CompletableFuture<>());
            assertThat(waitUntil(() -> gateway.metrics().sendTimeouts() == 1))
                    .as("the stream whose window never reopens is cut").isTrue();
            assertThat(waitUntil(() -> origin.openConnections() == 0))
                    .as("its upstream connection is closed").isTrue();
            assertThat(H2cClient.await(stalled).resetCode()).as("the client sees the stream reset").isNotNull();
            H2Response after = H2cClient.await(client.get("/after"));
            assertThat(after.status()).as("the connection's other streams go on").isEqualTo(200);
        }
    }

    /** Reads until the gateway ends the connection; the count of bytes read. */
    private static long drain(InputStream in) {
        byte[] buf = new byte[256 * 1024];
        long total = 0;
        try {
            for (int n; (n = in.read(buf)) >= 0; ) {
                total += n;
            }
        } catch (IOException e) {
            // a reset after the close is an ending too
        }
        return total;
    }
}
