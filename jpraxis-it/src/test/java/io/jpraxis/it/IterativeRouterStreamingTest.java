package io.jpraxis.it;

import static io.jpraxis.it.IterativeRouterLimitsTest.IRR;
import static io.jpraxis.it.IterativeRouterLimitsTest.irr;
import static io.jpraxis.it.IterativeRouterLimitsTest.step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A step's answer streams through the iterative request router over real sockets (see
 * docs/behaviour/iterative-router.md#streamed-answers): committed once no rule sends the loop on,
 * relayed piece by piece with no length added, cut (never retried) when it fails after the commit
 * or passes {@code max_stream_response_bytes}. Each origin holds back every event but the first
 * until the test releases them, so "incremental" is shown without any clock.
 */
class IterativeRouterStreamingTest {
    private static final String FIRST = "id: 0\ndata: event 0\n\n";
    private static final String REST = "id: 1\ndata: event 1\n\nid: 2\ndata: event 2\n\n";
    private static final String DONE = "- default: true\n  done: true\n";

    private static String sse(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n\r\n";
    }

    /** Reads chunks until {@code expected} has arrived (or fails on the end of the body first). */
    private static String readUntil(RawHttpConnection conn, String expected) throws IOException {
        StringBuilder seen = new StringBuilder();
        while (seen.length() < expected.length()) {
            byte[] chunk = conn.readChunk();
            if (chunk.length == 0) {
                break;
            }
            seen.append(new String(chunk, StandardCharsets.UTF_8));
        }
        return seen.toString();
    }

    private static String rest(RawHttpConnection conn) throws IOException {
        StringBuilder seen = new StringBuilder();
        byte[] chunk;
        while ((chunk = conn.readChunk()).length > 0) {
            seen.append(new String(chunk, StandardCharsets.UTF_8));
        }
        return seen.toString();
    }

    @Test
    void sseEventsReachTheClientWhileTheStepOriginStillHoldsTheRest() throws Exception {
        try (TestOrigin origin = TestOrigin.start("provider")) {
            String yaml = irr("127.0.0.1:0", "initial_step: only\n",
                    step("only", origin.address(), Map.of(OriginCommands.EVENTS, "3"), DONE));
            try (RunningGateway gw = RunningGateway.start(yaml, IRR);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                conn.send(sse("/v1/chat/completions"));
                RawResponse head = conn.readResponseHead();
                assertThat(head.status()).isEqualTo(200);
                assertThat(head.header("content-type")).isEqualTo("text/event-stream");
                assertThat(head.header("content-length")).as("no length is added to a streamed answer").isNull();
                assertThat(head.header("transfer-encoding")).isEqualTo("chunked");
                assertThat(readUntil(conn, FIRST)).as("event 0 arrives while the origin holds events 1 and 2")
                        .isEqualTo(FIRST);
                origin.releaseHeldEvents();
                assertThat(rest(conn)).isEqualTo(REST);

                RawResponse again = conn.get("/v1/chat/completions");
                assertThat(again.status()).as("a completed stream leaves the connection reusable").isEqualTo(200);
                assertThat(again.bodyText()).isEqualTo(FIRST + REST);
            }
        }
    }

    @Test
    void aClientThatStopsReadingStopsTheStepOriginAndThenGetsEveryByte() throws Exception {
        long length = 64L * 1024 * 1024;
        try (TestOrigin origin = TestOrigin.start("provider")) {
            String yaml = irr("127.0.0.1:0", "initial_step: only\n",
                    step("only", origin.address(), Map.of(OriginCommands.DOWNLOAD, Long.toString(length)), DONE));
            try (RunningGateway gw = RunningGateway.start(yaml, IRR);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                conn.send("GET /big HTTP/1.1\r\nHost: test\r\n\r\n");
                assertThat(conn.readResponseHead().status()).isEqualTo(200);
                Thread.sleep(1_000); // the client reads nothing for a while
                assertThat(origin.bodyBytesSent()).as("the gateway holds no more than socket buffers' worth")
                        .isLessThan(length / 2);
                MessageDigest received = TestData.newSha256();
                long total = 0;
                byte[] chunk;
                while ((chunk = conn.readChunk()).length > 0) {
                    received.update(chunk);
                    total += chunk.length;
                }
                assertThat(total).isEqualTo(length);
                assertThat(TestData.hex(received)).isEqualTo(TestData.sha256(length));
            }
        }
    }

    @Test
    void theParentsResponseHooksRunOnTheStreamedHead() throws Exception {
        try (TestOrigin origin = TestOrigin.start("provider")) {
            String yaml = irr("127.0.0.1:0", "initial_step: only\n",
                    step("only", origin.address(), Map.of(OriginCommands.EVENTS, "3"), DONE))
                    .replace("    filters:\n      - filter: iterative_request_router\n",
                            "    filters:\n      - filter: headers\n        response_set:\n"
                                    + "          - {name: x-gateway, value: \"yes\"}\n"
                                    + "      - filter: iterative_request_router\n");
            assertThat(yaml).contains("x-gateway");
            try (RunningGateway gw = RunningGateway.start(yaml, IRR);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                conn.send(sse("/v1/chat/completions"));
                RawResponse head = conn.readResponseHead();
                assertThat(head.header("x-gateway")).as("set by a filter before the router").isEqualTo("yes");
                assertThat(readUntil(conn, FIRST)).isEqualTo(FIRST);
                origin.releaseHeldEvents();
                assertThat(rest(conn)).isEqualTo(REST);
            }
        }
    }

    @Test
    void aStreamed503FailsOverBeforeTheCommitAndTheClientSeesTheNextStepsHeadAndBody() throws Exception {
        try (TestOrigin busy = TestOrigin.start("busy"); TestOrigin healthy = TestOrigin.start("healthy")) {
            String steps = step("busy", busy.address(), Map.of(OriginCommands.EVENTS, "3", "x-origin-status", "503",
                    "x-origin-respond-header", "x-step: busy"), "- status: [503]\n  next: healthy\n")
                    + step("healthy", healthy.address(), Map.of(OriginCommands.EVENTS, "3",
                            "x-origin-respond-header", "x-step: healthy"), DONE);
            String yaml = irr("127.0.0.1:0", "initial_step: busy\n", steps);
            try (RunningGateway gw = RunningGateway.start(yaml, IRR);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                conn.send(sse("/v1/chat/completions"));
                RawResponse head = conn.readResponseHead();
                assertThat(head.status()).as("step 2's head, not the 503's").isEqualTo(200);
                assertThat(head.header("x-step")).isEqualTo("healthy");
                assertThat(readUntil(conn, FIRST)).isEqualTo(FIRST);
                healthy.releaseHeldEvents();
                assertThat(rest(conn)).as("step 2's body only").isEqualTo(REST);
                assertThat(busy.requestCount()).isEqualTo(1);
                assertThat(healthy.requestCount()).isEqualTo(1);
            }
        }
    }

    @Test
    void aRefusedConnectionFailsOverToAStepThatStreams() throws Exception {
        String closed = "127.0.0.1:" + TestOrigin.unusedPort();
        try (TestOrigin origin = TestOrigin.start("provider")) {
            String steps = step("refused", closed, Map.of(), """
                    - origin: transport
                      transport_error: connect
                      next: streaming
                    """) + step("streaming", origin.address(), Map.of(OriginCommands.EVENTS, "3"), DONE);
            String yaml = irr("127.0.0.1:0", "initial_step: refused\n", steps);
            try (RunningGateway gw = RunningGateway.start(yaml, IRR);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                conn.send(sse("/v1/chat/completions"));
                RawResponse head = conn.readResponseHead();
                assertThat(head.status()).isEqualTo(200);
                assertThat(head.header("content-length")).isNull();
                assertThat(readUntil(conn, FIRST)).as("the second step's first event, before the rest is sent")
                        .isEqualTo(FIRST);
                origin.releaseHeldEvents();
                assertThat(rest(conn)).isEqualTo(REST);
            }
        }
    }

    @Test
    void aFailureAfterTheCommitCutsTheClientsResponseIsLoggedAndIsNotRetried() throws Exception {
        Logger logger = (Logger) LoggerFactory.getLogger("io.jpraxis.filters.iterative.StreamedStepAnswer");
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        logger.addAppender(lines);
        try (TestOrigin broken = TestOrigin.builder("broken").failing(TestOrigin.Failure.CLOSE_MID_BODY).start();
                TestOrigin spare = TestOrigin.start("spare")) {
            String steps = step("broken", broken.address(), Map.of(), """
                    - origin: transport
                      next: spare
                    """) + step("spare", spare.address(), Map.of(), DONE);
            String yaml = irr("127.0.0.1:0", "initial_step: broken\n", steps);
            try (RunningGateway gw = RunningGateway.start(yaml, IRR);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                conn.send("GET /download HTTP/1.1\r\nHost: test\r\n\r\n");
                RawResponse head = conn.readResponseHead();
                assertThat(head.status()).as("the head was committed before the origin broke").isEqualTo(200);
                assertThat(head.header("content-length")).as("the origin's declared length, relayed")
                        .isEqualTo("1000000");
                long received = conn.drainToEnd();
                assertThat(received).as("the client's response is cut short of its length").isEqualTo(1000);
                assertThat(spare.requestCount()).as("never retried after the commit").isZero();
                long deadline = System.nanoTime() + 5_000_000_000L;
                while (lines.list.isEmpty() && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertThat(lines.list).singleElement().satisfies(e -> assertThat(e.getFormattedMessage())
                        .contains("step 'broken' failed after its answer was committed", "not retried"));
            }
        } finally {
            logger.detachAppender(lines);
        }
    }

    @Test
    void overHttp2TheFirstEventArrivesWhileTheOriginHoldsTheRestAndACutResetsTheStream() throws Exception {
        try (TestOrigin origin = TestOrigin.start("provider");
                TestOrigin broken = TestOrigin.builder("broken").failing(TestOrigin.Failure.CLOSE_MID_BODY).start()) {
            String steps = step("events", origin.address(), Map.of(OriginCommands.EVENTS, "3"), DONE);
            String cut = step("broken", broken.address(), Map.of(), DONE);
            try (RunningGateway gw = RunningGateway.start(irr("127.0.0.1:0", "initial_step: events\n", steps), IRR);
                    RunningGateway cutting = RunningGateway.start(irr("127.0.0.1:0", "initial_step: broken\n", cut), IRR);
                    H2cClient h2 = H2cClient.connect(gw.port());
                    H2cClient h2cut = H2cClient.connect(cutting.port())) {
                H2cClient.OpenStream stream = h2.open(H2cClient.headers("GET", "/v1/chat/completions"), 0, true);
                assertThat(stream.status().join()).isEqualTo(200);
                stream.firstData().join(); // event 0, while the origin still holds events 1 and 2
                assertThat(stream.ended()).as("the origin holds the rest").isNotDone();
                origin.releaseHeldEvents();
                assertThat(stream.ended().join()).as("ended cleanly").isZero();
                assertThat(stream.dataBytes()).isEqualTo((FIRST + REST).length());

                H2cClient.OpenStream broke = h2cut.open(H2cClient.headers("GET", "/download"), 0, true);
                assertThat(broke.status().join()).isEqualTo(200);
                assertThat(broke.ended().join()).as("reset (a non-zero error code), not ended").isNotZero();
                assertThat(h2cut.isOpen()).as("only the stream is cut, not the connection").isTrue();
            }
        }
    }

    @Test
    void maxStreamResponseBytesCutsTheStreamOnceReached() throws Exception {
        try (TestOrigin origin = TestOrigin.start("provider")) {
            String yaml = irr("127.0.0.1:0", "initial_step: only\nmax_stream_response_bytes: 10\n",
                    step("only", origin.address(), Map.of(OriginCommands.DOWNLOAD, "20"), DONE));
            try (RunningGateway gw = RunningGateway.start(yaml, IRR);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                conn.send("GET /download HTTP/1.1\r\nHost: test\r\n\r\n");
                RawResponse head = conn.readResponseHead();
                assertThat(head.status()).isEqualTo(200);
                byte[] first = conn.readChunk();
                assertThat(first).as("the first 10 bytes of 20").hasSize(10);
                assertThatThrownBy(conn::readChunk).as("no terminating chunk: the response is cut")
                        .isInstanceOf(EOFException.class);
            }
        }
    }

    @Test
    void anAnswerOfExactlyMaxStreamResponseBytesEndsCleanly() throws Exception {
        try (TestOrigin origin = TestOrigin.start("provider")) {
            String yaml = irr("127.0.0.1:0", "initial_step: only\nmax_stream_response_bytes: 20\n",
                    step("only", origin.address(), Map.of(OriginCommands.DOWNLOAD, "20"), DONE));
            try (RunningGateway gw = RunningGateway.start(yaml, IRR);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                RawResponse r = conn.get("/download");
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.body()).hasSize(20);
            }
        }
    }
}
