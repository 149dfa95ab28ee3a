package io.jpraxis.extproc.server;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.jpraxis.extproc.emulator.EmulatedRequest;
import io.jpraxis.extproc.emulator.EmulatedResult;
import io.jpraxis.extproc.emulator.EnvoyEmulator;
import io.jpraxis.extproc.emulator.RunningExtProc;
import io.jpraxis.testkit.TestOrigin;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** One structured line per stream on {@code io.jpraxis.extproc.access}: what happened, never a header value. */
class StreamLogTest {
    private static final Logger STREAMS = (Logger) LoggerFactory.getLogger("io.jpraxis.extproc.access");

    static TestOrigin originA;
    static TestOrigin originB;
    static RunningExtProc extproc;
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeAll
    static void start() {
        originA = TestOrigin.start("echo-a");
        originB = TestOrigin.start("echo-b");
        // With request_id first, the stream's id is Envoy's x-request-id, so its line joins Envoy's own logs.
        extproc = RunningExtProc.start(PickerModeTest.CONFIG.replace("    filters:\n",
                "    filters:\n      - filter: request_id\n"));
    }

    @AfterAll
    static void stop() {
        extproc.close();
        originA.close();
        originB.close();
    }

    @BeforeEach
    void listen() {
        lines.start();
        STREAMS.addAppender(lines);
    }

    @AfterEach
    void unlisten() {
        STREAMS.detachAppender(lines);
    }

    @Test
    void aPickIsLoggedWithItsRequestIdPhaseAndOutcomeButNoHeaderValue() throws Exception {
        try (EnvoyEmulator envoy = PickerModeTest.envoy(extproc, originA, originB)) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/v1/chat", "{}".getBytes(StandardCharsets.UTF_8))
                    .header("x-request-id", "log-pick-1").header("x-gateway-model-name", "model-a")
                    .header("x-gateway-destination-endpoint", "forged.example:443"));
            assertThat(r.lbMetadata(PickerModeTest.ROUTE)).isEqualTo("echo-a.svc.cluster.local:8080");
        }
        String line = awaitLine("log-pick-1");
        assertThat(line).contains("request_id=log-pick-1", "phases=request_headers", "outcome=picked",
                "completed=true", "duration_ms=");
        assertThat(line).as("no header value is logged").doesNotContain("model-a", "forged.example", "echo-a");
    }

    @Test
    void anImmediateResponseIsLoggedWithTheStatusTheClientGot() throws Exception {
        try (EnvoyEmulator envoy = PickerModeTest.envoy(extproc, originA, originB)) {
            EmulatedResult r = envoy.run(EmulatedRequest.post("/v1/chat", "{}".getBytes(StandardCharsets.UTF_8))
                    .header("x-request-id", "log-refused-1"));
            assertThat(r.immediateStatus()).isEqualTo(503);
        }
        assertThat(awaitLine("log-refused-1")).contains("outcome=immediate", "status=503");
    }

    /** The line is written when the stream ends, which may be just after the client saw its reply. */
    private String awaitLine(String requestId) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            List<String> found = List.copyOf(lines.list).stream().map(ILoggingEvent::getFormattedMessage)
                    .filter(m -> m.contains("request_id=" + requestId + " ")).toList();
            if (!found.isEmpty()) {
                assertThat(found).as("one line per stream").hasSize(1);
                return found.getFirst();
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no stream line for " + requestId + " in " + lines.list);
    }
}
