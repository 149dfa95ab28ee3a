package io.jpraxis.http.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.filters.traffic.timeout.TimeoutConfig;
import io.jpraxis.filters.traffic.timeout.TimeoutFilter;
import io.jpraxis.http.testing.NettyLeakCheck;
import io.jpraxis.testkit.FaultyOrigin;
import io.jpraxis.testkit.FaultyOrigin.Fault;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Origins that break at every point of a response, over HTTP/1.1: before the head the client gets 502
 * (also for a read timeout; see docs/behaviour/request-lifecycle.md#no-endpoint-selected) and keeps
 * its connection; after the head it gets a cut connection and never a complete-looking message.
 * Either way nothing stays held and no buffer leaks.
 */
@Timeout(20)
@ExtendWith(NettyLeakCheck.class)
class MisbehavingOriginTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "RESET_BEFORE_HEAD, upstream reset the connection|upstream closed the connection prematurely",
        "STALL_BEFORE_HEAD, upstream read timed out",
        "GARBAGE,           upstream sent an invalid response",
        "OVERSIZED_HEAD,    upstream sent an invalid response",
    })
    void originBrokenBeforeItsHeadIs502AndTheClientConnectionLives(Fault fault, String reasons) throws IOException {
        try (FaultBench bench = FaultBench.start()) {
            try (RawHttpConnection client = RawHttpConnection.open(bench.port())) {
                RawResponse response = client.get(fault.path());
                assertThat(response.status()).as("no response started: the edge answers for the origin").isEqualTo(502);
                assertThat(response.bodyText()).as("the reason, as JSON")
                        .containsAnyOf(java.util.Arrays.stream(reasons.split("\\|"))
                                .map(r -> ",\"detail\":\"" + r + "\"}").toArray(String[]::new));
                assertThat(client.get(Fault.NONE.path()).status()).as("the client connection still serves")
                        .isEqualTo(200);
            }
            bench.assertNothingHeld(fault.name());
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(names = {"RESET_MID_BODY", "STALL_AFTER_HEAD", "STALL_MID_BODY", "CLOSE_AFTER_HEAD"})
    void originBrokenAfterItsHeadCutsTheClientShortOfTheLength(Fault fault) throws IOException {
        try (FaultBench bench = FaultBench.start();
                RawHttpConnection client = RawHttpConnection.open(bench.port())) {
            client.send("GET " + fault.path() + " HTTP/1.1\r\nHost: test\r\n\r\n");
            RawResponse head = client.readResponseHead();
            assertThat(head.status()).as("the origin's head was relayed").isEqualTo(200);
            assertThat(head.header("content-length")).isEqualTo(String.valueOf(FaultyOrigin.PROMISED_BYTES));
            bench.origin.release();
            byte[] body = readUntilCut(client);
            assertThat(body.length).as("the client can tell the body is incomplete").isLessThan(FaultyOrigin.PROMISED_BYTES);
            client.close();
            bench.assertNothingHeld(fault.name());
        }
    }

    @Test
    void originClosingMidChunkedBodyNeverGivesTheClientALastChunk() throws IOException {
        try (FaultBench bench = FaultBench.start();
                RawHttpConnection client = RawHttpConnection.open(bench.port())) {
            client.send("GET " + Fault.CLOSE_MID_CHUNKED.path() + " HTTP/1.1\r\nHost: test\r\n\r\n");
            assertThat(client.readResponseHead().status()).isEqualTo(200);
            assertThat(client.readChunk()).as("the chunk the origin sent").hasSize(FaultyOrigin.SENT_BYTES);
            bench.origin.release();
            String rest = new String(readUntilCut(client), StandardCharsets.ISO_8859_1);
            assertThat(rest).as("RFC 9112 7.1: a body without its last chunk is incomplete; none may be made up")
                    .doesNotContain("0\r\n\r\n");
            client.close();
            bench.assertNothingHeld("close mid chunked body");
        }
    }

    @Test
    void requestDeadlinePassingWhileTheOriginStallsIs504() throws IOException {
        HttpFilter deadline = new TimeoutFilter(new TimeoutConfig(150), Clock.systemUTC());
        try (FaultBench bench = FaultBench.start(forward -> new HttpFilter[] {deadline, forward})) {
            try (RawHttpConnection client = RawHttpConnection.open(bench.port())) {
                RawResponse response = client.get(Fault.STALL_BEFORE_HEAD.path());
                assertThat(response.status()).as("timeout_ms 150 passes before read_timeout_ms 300").isEqualTo(504);
                assertThat(client.get(Fault.NONE.path()).status()).isEqualTo(200);
            }
            bench.assertNothingHeld("a request deadline");
        }
    }

    /**
     * What arrives until the gateway closes or resets the connection. A read timeout (the
     * RawHttpConnection's 10 s) fails the test: the gateway was meant to cut, not to hang.
     */
    static byte[] readUntilCut(RawHttpConnection client) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        InputStream in = client.input();
        byte[] buf = new byte[8192];
        try {
            int n;
            while ((n = in.read(buf)) >= 0) {
                got.write(buf, 0, n);
            }
        } catch (SocketException reset) {
            // cut with RST: as good as FIN here
        }
        return got.toByteArray();
    }
}
