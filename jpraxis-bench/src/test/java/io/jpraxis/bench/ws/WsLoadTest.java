package io.jpraxis.bench.ws;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.bench.load.HttpProbe;
import io.jpraxis.bench.load.WrkResultParser;
import io.jpraxis.bench.load.ToolResult;
import java.net.ServerSocket;
import java.net.URI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The WebSocket client against the echo origin over real loopback sockets. */
class WsLoadTest {
    private static WsEchoOrigin.Running origin;

    @BeforeAll
    static void start() throws InterruptedException {
        origin = WsEchoOrigin.start(0);
    }

    @AfterAll
    static void stop() {
        origin.close();
    }

    private static URI ws() {
        return URI.create("ws://127.0.0.1:" + origin.port() + "/ws");
    }

    @Test
    void echoTimesRoundTripsOnEveryConnectionAndPrintsWrksLine() throws InterruptedException {
        WsResult r = EchoLoad.run(ws(), 2, 1, 1, 128); // the warm-up covers class loading and the upgrade
        ToolResult parsed = WrkResultParser.parse("noise\n" + r.line() + "\n");
        assertThat(parsed.requests()).as("round trips in one second on loopback").isGreaterThan(100);
        assertThat(parsed.errors()).isZero();
        assertThat(parsed.p50Micros()).isPositive().isLessThanOrEqualTo(parsed.p99Micros());
        assertThat(r.bytes()).isEqualTo(r.requests() * 128);
    }

    @Test
    void streamComesBackWholeAndInOrder() throws InterruptedException {
        WsResult r = StreamLoad.run(ws(), 8L << 20, 64 * 1024, 30);
        assertThat(r.requests()).as("every 64 KiB frame of 8 MiB echoed").isEqualTo(128);
        assertThat(r.connect() + r.read() + r.timeout()).isZero();
        assertThat(r.bytes()).isEqualTo(8L << 20);
    }

    @Test
    void aRefusedConnectionIsAConnectError() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        WsResult r = EchoLoad.run(URI.create("ws://127.0.0.1:" + closed + "/ws"), 1, 1, 0, 16);
        assertThat(r.connect()).isEqualTo(1);
        assertThat(r.requests()).isZero();
    }

    @Test
    void anUpgradeToAnotherPathIsRefusedAndCounted() throws InterruptedException {
        WsResult r = StreamLoad.run(URI.create("ws://127.0.0.1:" + origin.port() + "/nope"), 1 << 16, 1 << 16, 10);
        assertThat(r.connect()).as("the origin answers 404, not 101").isEqualTo(1);
    }

    @Test
    void theOriginAnswersTheSuitesReadinessProbe() {
        assertThat(HttpProbe.status(origin.port(), "/small")).isEqualTo(200);
        assertThat(HttpProbe.status(origin.port(), "/other")).isEqualTo(404);
    }
}
