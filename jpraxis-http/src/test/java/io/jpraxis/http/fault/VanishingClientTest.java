package io.jpraxis.http.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.http.testing.NettyLeakCheck;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.FaultyOrigin.Fault;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestData;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.SocketException;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An HTTP/1.1 client that goes away (FIN, or RST with SO_LINGER 0) at every stage of its exchange:
 * whatever the gateway had opened for it upstream is closed, never pooled, and its slot, in-flight
 * count and buffers are given back.
 */
@Timeout(20)
@ExtendWith(NettyLeakCheck.class)
class VanishingClientTest {
    private static final long DECLARED_BODY = 1L << 20;
    /** Long enough that only the client's leaving can end a stalled exchange in these tests. */
    private static final long PATIENT_READ_MS = 10_000;

    /** How the client goes away. */
    enum Vanish {
        CLOSE, RESET;

        void apply(RawHttpConnection client) {
            try {
                if (this == RESET) {
                    client.socket().setSoLinger(true, 0);
                }
                client.close();
            } catch (SocketException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Vanish.class)
    void leavingDuringItsHeadNeverReachesTheOrigin(Vanish vanish) {
        try (FaultBench bench = FaultBench.start()) {
            RawHttpConnection client = RawHttpConnection.open(bench.port());
            client.send("GET " + Fault.NONE.path() + " HTTP/1.1\r\nHost: te");
            assertThat(Waits.until(() -> bench.gateway.gateway().openConnections() == 1)).isTrue();
            vanish.apply(client);
            bench.assertNothingHeld("leaving during the head");
            assertThat(bench.origin.acceptedConnections()).as("half a head is never forwarded").isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(Vanish.class)
    void leavingDuringAStreamedUploadClosesTheUpstreamConnection(Vanish vanish) {
        try (FaultBench bench = FaultBench.start(PATIENT_READ_MS, forward -> new HttpFilter[] {forward})) {
            RawHttpConnection client = RawHttpConnection.open(bench.port());
            client.send("POST " + Fault.SINK.path() + " HTTP/1.1\r\nHost: test\r\nContent-Length: " + DECLARED_BODY
                    + "\r\n\r\n");
            client.send(bytes(TestData.stream(64 * 1024)));
            assertThat(Waits.until(() -> bench.origin.bodyBytesReceived() > 0))
                    .as("the upload is streaming to the origin").isTrue();
            vanish.apply(client);
            bench.assertNothingHeld("leaving mid-upload");
            assertThat(bench.origin.bodyBytesReceived()).as("the origin saw a cut body").isLessThan(DECLARED_BODY);
        }
    }

    @ParameterizedTest
    @EnumSource(Vanish.class)
    void leavingDuringAPreReadUploadReleasesWhatWasBuffered(Vanish vanish) throws IOException, InterruptedException {
        try (FaultBench bench = FaultBench.start(forward -> new HttpFilter[] {FaultBench.preRead(), forward})) {
            RawHttpConnection client = RawHttpConnection.open(bench.port());
            client.send("POST " + Fault.SINK.path() + " HTTP/1.1\r\nHost: test\r\nExpect: 100-continue\r\n"
                    + "Content-Length: " + DECLARED_BODY + "\r\n\r\n");
            assertThat(interimHead(client)).as("the pre-read asks for the body").startsWith("HTTP/1.1 100 ");
            client.send(bytes(TestData.stream(64 * 1024)));
            Thread.sleep(50); // lets the edge buffer what was sent: the pieces it holds are what must be freed
            vanish.apply(client);
            bench.assertNothingHeld("leaving mid pre-read");
            assertThat(bench.origin.acceptedConnections()).as("a pre-read body is read before connecting").isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(Vanish.class)
    void leavingWhileWaitingForTheResponseClosesTheUpstreamConnection(Vanish vanish) {
        try (FaultBench bench = FaultBench.start(PATIENT_READ_MS, forward -> new HttpFilter[] {forward})) {
            RawHttpConnection client = RawHttpConnection.open(bench.port());
            client.send("GET " + Fault.STALL_BEFORE_HEAD.path() + " HTTP/1.1\r\nHost: test\r\n\r\n");
            assertThat(Waits.until(() -> bench.origin.requestCount() == 1)).isTrue();
            vanish.apply(client);
            bench.assertNothingHeld("leaving before the response");
        }
    }

    @ParameterizedTest
    @EnumSource(Vanish.class)
    void leavingMidDownloadClosesTheUpstreamConnection(Vanish vanish) throws IOException {
        try (FaultBench bench = FaultBench.start()) {
            RawHttpConnection client = RawHttpConnection.open(bench.port());
            client.send("GET " + Fault.DOWNLOAD.path() + " HTTP/1.1\r\nHost: test\r\n\r\n");
            assertThat(client.readResponseHead().status()).isEqualTo(200);
            assertThat(client.input().readNBytes(64 * 1024)).as("the download is under way").hasSize(64 * 1024);
            vanish.apply(client);
            bench.assertNothingHeld("leaving mid-download");
        }
    }

    @ParameterizedTest
    @EnumSource(Vanish.class)
    void leavingMidEventStreamClosesTheUpstreamConnection(Vanish vanish) throws IOException {
        try (FaultBench bench = FaultBench.start(PATIENT_READ_MS, forward -> new HttpFilter[] {forward})) {
            RawHttpConnection client = RawHttpConnection.open(bench.port());
            client.send("GET " + Fault.SSE.path() + " HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n\r\n");
            assertThat(client.readResponseHead().header("content-type")).isEqualTo("text/event-stream");
            assertThat(new String(client.readChunk(), java.nio.charset.StandardCharsets.UTF_8))
                    .as("the first event arrived").startsWith("data: tick");
            vanish.apply(client);
            bench.assertNothingHeld("leaving mid event stream");
        }
    }

    /** The next head as text, read byte by byte (RawHttpConnection skips interim responses). */
    private static String interimHead(RawHttpConnection client) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = client.input().read();
            if (b < 0) {
                throw new java.io.EOFException("closed inside a head: " + head);
            }
            head.append((char) b);
        }
        return head.toString();
    }

    static byte[] bytes(InputStream in) {
        try {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
