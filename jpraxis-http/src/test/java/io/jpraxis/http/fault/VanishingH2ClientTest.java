package io.jpraxis.http.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.http.testing.NettyLeakCheck;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.FaultyOrigin;
import io.jpraxis.testkit.FaultyOrigin.Fault;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.H2cClient.OpenStream;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An h2c client that abandons a stream (RST_STREAM) or drops the whole connection at every stage
 * of an exchange, and origins that break under an HTTP/2 stream: the upstream connection is closed,
 * the slot and buffers given back, and an abandoned stream leaves its connection usable.
 */
@Timeout(20)
@ExtendWith(NettyLeakCheck.class)
class VanishingH2ClientTest {
    private static final long PATIENT_READ_MS = 10_000;
    private static final int DECLARED_BODY = 1 << 20;
    private static final int SENT_BODY = 16 * 1024;

    /** How the client goes away. */
    enum Vanish { RST_STREAM, CONNECTION_CLOSE }

    @ParameterizedTest
    @EnumSource(Vanish.class)
    void leavingDuringAStreamedUploadClosesTheUpstreamConnection(Vanish vanish) {
        try (FaultBench bench = FaultBench.start(PATIENT_READ_MS, forward -> new HttpFilter[] {forward});
                H2cClient client = H2cClient.connect(bench.port())) {
            OpenStream stream = client.open(upload(), SENT_BODY, false);
            assertThat(Waits.until(() -> bench.origin.bodyBytesReceived() > 0))
                    .as("the upload is streaming to the origin").isTrue();
            leave(vanish, client, stream, bench, "leaving mid-upload");
            assertThat(bench.origin.bodyBytesReceived()).isLessThan(DECLARED_BODY);
        }
    }

    @ParameterizedTest
    @EnumSource(Vanish.class)
    void leavingDuringAPreReadUploadReleasesWhatWasBuffered(Vanish vanish) throws InterruptedException {
        try (FaultBench bench = FaultBench.start(forward -> new HttpFilter[] {FaultBench.preRead(), forward});
                H2cClient client = H2cClient.connect(bench.port())) {
            OpenStream stream = client.open(upload(), SENT_BODY, false);
            Thread.sleep(50); // lets the edge buffer what was sent: the pieces it holds are what must be freed
            assertThat(bench.origin.acceptedConnections()).as("a pre-read body is read before connecting").isZero();
            leave(vanish, client, stream, bench, "leaving mid pre-read");
        }
    }

    @ParameterizedTest
    @EnumSource(Vanish.class)
    void leavingWhileWaitingForTheResponseClosesTheUpstreamConnection(Vanish vanish) {
        try (FaultBench bench = FaultBench.start(PATIENT_READ_MS, forward -> new HttpFilter[] {forward});
                H2cClient client = H2cClient.connect(bench.port())) {
            OpenStream stream = client.open(H2cClient.headers("GET", Fault.STALL_BEFORE_HEAD.path()), 0, true);
            assertThat(Waits.until(() -> bench.origin.requestCount() == 1)).isTrue();
            leave(vanish, client, stream, bench, "leaving before the response");
        }
    }

    @ParameterizedTest
    @EnumSource(Vanish.class)
    void leavingMidDownloadClosesTheUpstreamConnection(Vanish vanish) throws Exception {
        try (FaultBench bench = FaultBench.start();
                H2cClient client = H2cClient.connect(bench.port())) {
            OpenStream stream = client.open(H2cClient.headers("GET", Fault.DOWNLOAD.path()), 0, true);
            stream.firstData().get(5, TimeUnit.SECONDS);
            leave(vanish, client, stream, bench, "leaving mid-download");
        }
    }

    @ParameterizedTest
    @EnumSource(Vanish.class)
    void leavingMidEventStreamClosesTheUpstreamConnection(Vanish vanish) throws Exception {
        try (FaultBench bench = FaultBench.start(PATIENT_READ_MS, forward -> new HttpFilter[] {forward});
                H2cClient client = H2cClient.connect(bench.port())) {
            OpenStream stream = client.open(H2cClient.headers("GET", Fault.SSE.path()), 0, true);
            stream.firstData().get(5, TimeUnit.SECONDS);
            leave(vanish, client, stream, bench, "leaving mid event stream");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(names = {"RESET_BEFORE_HEAD", "STALL_BEFORE_HEAD", "GARBAGE", "OVERSIZED_HEAD"})
    void originBrokenBeforeItsHeadIs502OnTheStream(Fault fault) throws Exception {
        try (FaultBench bench = FaultBench.start()) {
            try (H2cClient client = H2cClient.connect(bench.port())) {
                OpenStream stream = client.open(H2cClient.headers("GET", fault.path()), 0, true);
                assertThat(stream.status().get(5, TimeUnit.SECONDS)).isEqualTo(502);
                assertThat(stream.ended().get(5, TimeUnit.SECONDS)).as("the 502 ends the stream normally").isZero();
                assertThat(H2cClient.await(client.get(Fault.NONE.path())).status()).isEqualTo(200);
            }
            bench.assertNothingHeld(fault.name());
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(names = {"RESET_MID_BODY", "STALL_AFTER_HEAD", "STALL_MID_BODY", "CLOSE_AFTER_HEAD", "CLOSE_MID_CHUNKED"})
    void originBrokenAfterItsHeadResetsOnlyItsStream(Fault fault) throws Exception {
        try (FaultBench bench = FaultBench.start()) {
            try (H2cClient client = H2cClient.connect(bench.port())) {
                OpenStream stream = client.open(H2cClient.headers("GET", fault.path()), 0, true);
                assertThat(stream.status().get(5, TimeUnit.SECONDS)).isEqualTo(200);
                bench.origin.release();
                assertThat(stream.ended().get(5, TimeUnit.SECONDS)).as("RFC 9113 8.1: a cut body is a stream error")
                        .isPositive();
                assertThat(stream.dataBytes()).isLessThan(FaultyOrigin.PROMISED_BYTES);
                assertThat(H2cClient.await(client.get(Fault.NONE.path())).status())
                        .as("the other streams of the connection go on").isEqualTo(200);
            }
            bench.assertNothingHeld(fault.name());
        }
    }

    private static io.netty.handler.codec.http2.Http2Headers upload() {
        return H2cClient.headers("POST", Fault.SINK.path()).add("content-length", String.valueOf(DECLARED_BODY));
    }

    /**
     * Abandons {@code stream} as {@code vanish} says and checks the gateway let go. After a
     * RST_STREAM the connection must serve another stream; then it is closed as well.
     */
    private static void leave(Vanish vanish, H2cClient client, OpenStream stream, FaultBench bench, String what) {
        if (vanish == Vanish.RST_STREAM) {
            stream.reset();
            bench.assertUpstreamReleased(what + " (RST_STREAM)");
            assertThat(H2cClient.await(client.get(Fault.NONE.path())).status())
                    .as("the connection outlives the abandoned stream").isEqualTo(200);
        }
        client.close();
        bench.assertNothingHeld(what);
    }
}
