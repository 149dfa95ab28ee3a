package io.jpraxis.http.server;

import static io.jpraxis.http.server.UpstreamFailureTest.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.RawH2Connection;
import io.jpraxis.testkit.RawH2Connection.Frame;
import io.jpraxis.testkit.TestOrigin;
import io.netty.handler.codec.http2.Http2Error;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

/**
 * A client that breaks HTTP/2 gets GOAWAY with the RFC 9113 error code and the last stream the
 * gateway processed, each counted; a stream error resets only its stream. The frames are written
 * byte for byte, as no HTTP/2 library would send them.
 */
@Timeout(60)
class Http2ConnectionErrorTest {
    private static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
    private static final int SETTINGS_MAX_FRAME_SIZE = 0x5;

    private TestOrigin origin;
    private TestGateway gateway;
    private final Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void start() {
        origin = TestOrigin.start("o");
        gateway = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
        lines.start();
        root.addAppender(lines);
    }

    @AfterEach
    void stop() {
        root.detachAppender(lines);
        gateway.close();
        origin.close();
    }

    @Test
    void connectionWindowOverflowIsAFlowControlError() {
        assertGoAway(c -> c.windowUpdate(0, Integer.MAX_VALUE), Http2Error.FLOW_CONTROL_ERROR,
                "65,535 + 2^31-1 exceeds the largest window (RFC 9113 6.9.1)");
    }

    @Test
    void zeroIncrementOnTheConnectionIsAProtocolError() {
        assertGoAway(c -> c.windowUpdate(0, 0), Http2Error.PROTOCOL_ERROR, "RFC 9113 6.9");
    }

    @Test
    void settingsWhoseLengthIsNotAMultipleOfSixIsAFrameSizeError() {
        assertGoAway(c -> c.frame(RawH2Connection.SETTINGS, 0, 0, new byte[5]), Http2Error.FRAME_SIZE_ERROR,
                "RFC 9113 6.5");
    }

    @Test
    void initialWindowSizeAboveTheMaximumIsAFlowControlError() {
        assertGoAway(c -> c.settings(SETTINGS_INITIAL_WINDOW_SIZE, 1L << 31), Http2Error.FLOW_CONTROL_ERROR,
                "RFC 9113 6.5.2: above 2^31-1");
    }

    @Test
    void maxFrameSizeOutOfRangeIsAProtocolError() {
        assertGoAway(c -> c.settings(SETTINGS_MAX_FRAME_SIZE, 100), Http2Error.PROTOCOL_ERROR,
                "RFC 9113 6.5.2: below 16,384");
    }

    @Test
    void headerIndexBeyondBothTablesIsACompressionError() {
        // Indexed field 70: 61 static entries and an empty dynamic table (RFC 7541 2.3.3).
        byte[] badIndex = RawH2Connection.hpackInteger(70, 7, 0x80);
        assertGoAway(c -> c.headers(1, true, badIndex, ":method", "GET"), Http2Error.COMPRESSION_ERROR,
                "RFC 9113 4.3");
    }

    @Test
    void windowUpdateOnAnIdleStreamIsAProtocolError() {
        assertGoAway(c -> c.windowUpdate(5, 1), Http2Error.PROTOCOL_ERROR, "RFC 9113 5.1: idle stream");
    }

    @Test
    void goAwayNamesTheLastStreamServed() {
        try (RawH2Connection client = RawH2Connection.open(gateway.port())) {
            client.get(1, "/first");
            assertThat(client.readUntil(RawH2Connection.HEADERS).streamId()).as("stream 1 answered").isEqualTo(1);
            client.windowUpdate(0, 0);
            Frame goAway = client.readGoAway();
            assertThat(goAway).as("GOAWAY before the close").isNotNull();
            assertThat(goAway.errorCode()).isEqualTo(Http2Error.PROTOCOL_ERROR.code());
            assertThat(goAway.goAwayLastStreamId()).as("stream 1 was processed (RFC 9113 6.8)").isEqualTo(1);
            assertThat(client.closedByPeer()).isTrue();
        }
    }

    @Test
    void zeroIncrementOnAnOpenStreamResetsOnlyThatStream() {
        try (RawH2Connection client = RawH2Connection.open(gateway.port())) {
            // A POST whose body has not come: stream 1 stays open.
            client.headers(1, false, new byte[0], ":method", "POST", ":scheme", "http", ":path", "/upload",
                    ":authority", "test");
            client.windowUpdate(1, 0);
            Frame reset = client.readUntil(RawH2Connection.RST_STREAM);
            assertThat(reset).as("a stream error (RFC 9113 6.9)").isNotNull();
            assertThat(reset.streamId()).isEqualTo(1);
            assertThat(reset.errorCode()).isEqualTo(Http2Error.PROTOCOL_ERROR.code());
            client.get(3, "/after");
            Frame answer = client.readUntil(RawH2Connection.HEADERS);
            assertThat(answer).as("the connection still serves streams").isNotNull();
            assertThat(answer.streamId()).isEqualTo(3);
        }
    }

    @Test
    void aFloodOfHostileConnectionsLogsABoundedNumberOfWarnings() {
        int connections = 100;
        for (int i = 0; i < connections; i++) {
            try (RawH2Connection client = RawH2Connection.open(gateway.port())) {
                client.windowUpdate(0, Integer.MAX_VALUE);
                assertThat(client.readGoAway().errorCode()).isEqualTo(Http2Error.FLOW_CONTROL_ERROR.code());
            }
        }
        assertThat(waitUntil(() -> gateway.gateway().metrics().http2ConnectionErrors(Http2Error.FLOW_CONTROL_ERROR)
                >= connections)).as("every one is counted").isTrue();
        List<ILoggingEvent> warnings = List.copyOf(lines.list).stream()
                .filter(e -> e.getLevel().isGreaterOrEqual(Level.WARN)).toList();
        assertThat(warnings).as("at most one line per error code per minute, not one (or a stack trace) each")
                .hasSizeLessThanOrEqualTo(1);
        assertThat(warnings).allSatisfy(e -> assertThat(e.getThrowableProxy()).as("no stack trace").isNull());
    }

    private void assertGoAway(Consumer<RawH2Connection> hostile, Http2Error expected, String why) {
        long before = gateway.gateway().metrics().http2ConnectionErrors(expected);
        try (RawH2Connection client = RawH2Connection.open(gateway.port())) {
            hostile.accept(client);
            Frame goAway = client.readGoAway();
            assertThat(goAway).as("GOAWAY before the close: %s", why).isNotNull();
            assertThat(goAway.errorCode()).as(why).isEqualTo(expected.code());
            assertThat(goAway.goAwayLastStreamId()).as("no stream was processed").isZero();
            assertThat(client.closedByPeer()).as("a connection error ends the connection").isTrue();
        }
        assertThat(waitUntil(() -> gateway.gateway().metrics().http2ConnectionErrors(expected) == before + 1))
                .as("counted under its code").isTrue();
        assertThat(origin.requestCount()).isZero();
    }
}
