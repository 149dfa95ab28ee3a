package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.RawUpgrade;
import io.jpraxis.http.testing.ScriptedUpgradeOrigin;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestData;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A WebSocket tunnel reads a side only while the other can take more (see
 * docs/behaviour/websocket.md#the-tunnel): a client that sends far more than an origin that has
 * stopped reading can take is held back by TCP, not buffered by the gateway, and everything moves,
 * in order, once the origin reads again.
 */
@Timeout(60)
class TunnelBackPressureTest {
    /** Far more than the socket buffers on the way can hold, so only back-pressure bounds what is sent. */
    private static final long TOTAL = 192L * 1024 * 1024;
    private static final int PIECE = 64 * 1024;

    @Test
    void aClientOutrunningAStalledOriginIsHeldBackThenEverythingArrivesInOrder() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Long> received = new CompletableFuture<>();
        try (ScriptedUpgradeOrigin origin = ScriptedUpgradeOrigin.start((head, in, out, socket) -> {
                    out.write(RawUpgrade.switching("").getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                    awaitQuietly(release);
                    received.complete(readPattern(in));
                });
                TestGateway gateway = TestGateway.builder()
                        .filter(TestFilters.forwardTo(TestGateway.cluster("ws"), "127.0.0.1", origin.port())).start();
                RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(RawUpgrade.request("/"));
            assertThat(RawUpgrade.readHead(client.input()).getFirst()).startsWith("HTTP/1.1 101");
            AtomicLong written = new AtomicLong();
            CompletableFuture<Void> sending = CompletableFuture.runAsync(() -> writePattern(client.output(), written));

            Thread.sleep(1_500);
            long held = written.get();
            Thread.sleep(500);
            assertThat(written.get()).as("the client is blocked while the origin does not read").isEqualTo(held);
            assertThat(held).as("what went out is bounded by socket buffers, not buffered whole in the gateway")
                    .isLessThan(TOTAL / 3);

            release.countDown();
            sending.get(30, TimeUnit.SECONDS);
            assertThat(received.get(30, TimeUnit.SECONDS)).as("every byte, in order, once the origin reads")
                    .isEqualTo(TOTAL);
            assertThat(origin.failures()).isEmpty();
        }
    }

    private static void writePattern(OutputStream out, AtomicLong written) {
        byte[] piece = new byte[PIECE];
        try {
            for (long offset = 0; offset < TOTAL; offset += PIECE) {
                TestData.fill(piece, 0, PIECE, offset);
                out.write(piece);
                written.addAndGet(PIECE);
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads {@code TOTAL} bytes, checking each against the pattern; returns how many matched in order. */
    private static long readPattern(InputStream in) throws IOException {
        byte[] buffer = new byte[PIECE];
        long offset = 0;
        while (offset < TOTAL) {
            int n = in.read(buffer);
            if (n < 0) {
                break;
            }
            for (int i = 0; i < n; i++) {
                if (buffer[i] != TestData.byteAt(offset + i)) {
                    return offset + i; // the first byte out of place
                }
            }
            offset += n;
        }
        return offset;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
