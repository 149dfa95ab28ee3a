package io.jpraxis.http.fault;

import static io.jpraxis.http.fault.MisbehavingOriginTest.readUntilCut;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.http.testing.NettyLeakCheck;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.FaultyOrigin.Fault;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Faults while the gateway holds body bytes of its own: a response withheld for a body filter, a
 * retry's copy of the request body, request body pieces that arrived before the origin failed, an
 * exchange whose filter is still deciding. What was held is freed and nothing else stays held.
 */
@Timeout(20)
@ExtendWith(NettyLeakCheck.class)
class HeldBodyFaultTest {
    private static final long DECLARED_BODY = 1L << 20;

    @ParameterizedTest(name = "{0}")
    @EnumSource(names = {"RESET_MID_BODY", "STALL_MID_BODY", "CLOSE_MID_CHUNKED"})
    void originBreakingMidWithheldResponseCutsTheClientAndFreesTheHeldPart(Fault fault) throws IOException {
        try (FaultBench bench = FaultBench.start(forward -> new HttpFilter[] {FaultBench.bufferResponse(), forward});
                RawHttpConnection client = RawHttpConnection.open(bench.port())) {
            client.send("GET " + fault.path() + " HTTP/1.1\r\nHost: test\r\n\r\n");
            assertThat(client.readResponseHead().status()).as("the status goes out at once (docs/behaviour/body-access.md#access-and-delivery-modes)").isEqualTo(200);
            bench.origin.release();
            assertThat(readUntilCut(client)).as("a withheld body is never sent in part").isEmpty();
            client.close();
            bench.assertNothingHeld(fault.name() + " under a response buffer");
        }
    }

    @Test
    void clientLeavingWhileItsResponseIsWithheldFreesTheHeldPart() throws IOException {
        try (FaultBench bench = FaultBench.start(10_000,
                forward -> new HttpFilter[] {FaultBench.bufferResponse(), forward})) {
            RawHttpConnection client = RawHttpConnection.open(bench.port());
            client.send("GET " + Fault.STALL_MID_BODY.path() + " HTTP/1.1\r\nHost: test\r\n\r\n");
            assertThat(client.readResponseHead().status()).isEqualTo(200);
            client.close();
            bench.assertNothingHeld("leaving a withheld response");
        }
    }

    @Test
    void clientLeavingMidUploadFreesTheRetryCopy() {
        try (FaultBench bench = FaultBench.start(c -> c.readMs(10_000).retry(1, DECLARED_BODY, true),
                forward -> new HttpFilter[] {forward})) {
            RawHttpConnection client = RawHttpConnection.open(bench.port());
            client.send("POST " + Fault.SINK.path() + " HTTP/1.1\r\nHost: test\r\nContent-Length: " + DECLARED_BODY
                    + "\r\n\r\n");
            client.send(VanishingClientTest.bytes(TestData.stream(64 * 1024)));
            assertThat(Waits.until(() -> bench.origin.bodyBytesReceived() > 0)).isTrue();
            client.close();
            bench.assertNothingHeld("leaving mid-upload with a replay copy");
        }
    }

    @Test
    void originResetDuringTheUploadIs502AndFreesTheUnsentBody() throws IOException {
        try (FaultBench bench = FaultBench.start(c -> c.retry(1, DECLARED_BODY, true),
                forward -> new HttpFilter[] {forward})) {
            try (RawHttpConnection client = RawHttpConnection.open(bench.port())) {
                client.send("POST " + Fault.RESET_BEFORE_HEAD.path() + " HTTP/1.1\r\nHost: test\r\nContent-Length: "
                        + DECLARED_BODY + "\r\n\r\n");
                client.send(VanishingClientTest.bytes(TestData.stream(64 * 1024)));
                RawResponse response = client.readResponse();
                assertThat(response.status()).as("a reset is not a connect failure: not retried").isEqualTo(502);
                assertThat(response.header("connection")).as("the rest of the body is never read")
                        .isEqualToIgnoringCase("close");
            }
            bench.assertNothingHeld("an origin reset mid-upload");
        }
    }

    @Test
    void clientLeavingWhileAFilterDecidesNeverTakesAConnection() throws InterruptedException {
        try (FaultBench bench = FaultBench.start(forward -> new HttpFilter[] {TestFilters.async(300, forward)})) {
            RawHttpConnection client = RawHttpConnection.open(bench.port());
            client.send("GET " + Fault.NONE.path() + " HTTP/1.1\r\nHost: test\r\n\r\n");
            assertThat(Waits.until(() -> bench.gateway.gateway().openConnections() == 1)).isTrue();
            client.close();
            Thread.sleep(400); // the filter decides after the client left
            bench.assertNothingHeld("leaving during an asynchronous filter");
            assertThat(bench.origin.acceptedConnections()).as("the exchange was over before it was routed").isZero();
        }
    }
}
