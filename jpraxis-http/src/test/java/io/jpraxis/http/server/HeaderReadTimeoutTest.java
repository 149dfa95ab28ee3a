package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A request head must arrive whole within the header-read timeout (see
 * docs/behaviour/limits.md#the-limits-table) counted from its first byte; trickling bytes does not
 * extend it (slowloris). Tests use a short deadline.
 */
@Timeout(20)
class HeaderReadTimeoutTest {
    private static final long HEADER_TIMEOUT_MS = 400;
    private HttpGateway gateway;

    @AfterEach
    void stop() {
        if (gateway != null) {
            gateway.stop(Duration.ofSeconds(1));
        }
    }

    private int start(Long keepAliveMs) {
        return start(keepAliveMs, HEADER_TIMEOUT_MS);
    }

    private int start(Long keepAliveMs, long headerTimeoutMs) {
        TestGateway.Builder builder = TestGateway.builder().keepAliveTimeoutMs(keepAliveMs)
                .filter(TestFilters.respond(200, "text/plain", "ok"));
        RuntimeServices services = new RuntimeServices(Clock.systemUTC(), RandomGenerator.of("L64X128MixRandom"),
                IdGenerator.sequential("req"));
        gateway = new HttpGateway(builder.compile(), services, Transport.select())
                .headerReadTimeoutMs(headerTimeoutMs).start();
        return gateway.port("main");
    }

    @Test
    void tricklingHeadIsCutOffWith408() throws Exception {
        int port = start(null);
        try (RawHttpConnection client = RawHttpConnection.open(port)) {
            client.send("GET / HTTP/1.1\r\nHost: t\r\n");
            AtomicInteger sent = new AtomicInteger();
            // One header byte every 50 ms, well inside the deadline each time, and never an end.
            Thread trickler = Thread.ofVirtual().start(() -> {
                try {
                    for (int i = 0; i < 200; i++) {
                        client.output().write('x');
                        client.output().flush();
                        sent.incrementAndGet();
                        Thread.sleep(50);
                    }
                } catch (IOException | UncheckedIOException e) {
                    // the gateway closed the connection: what the test waits for
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            RawResponse response = client.readResponse();
            trickler.interrupt();
            assertThat(response.status()).as("a head not complete within the deadline is answered 408").isEqualTo(408);
            assertThat(response.bodyText()).endsWith(",\"detail\":\"request head read timed out\"}");
            assertThat(response.header("connection")).isEqualTo("close");
            assertThat(response.header("x-request-id")).isNotNull();
            assertThat(sent.get()).as("bytes kept arriving: the deadline is not reset per byte").isGreaterThan(2);
            assertThat(client.closedByPeer()).isTrue();
        }
        assertThat(gateway.metrics().snapshot()).containsEntry("request_head_timeouts", 1L);
    }

    @Test
    void slowButTimelyHeadIsServed() throws Exception {
        // A deadline far beyond the pause, so a stalled test machine cannot turn this into a 408.
        int port = start(null, 10_000);
        try (RawHttpConnection client = RawHttpConnection.open(port)) {
            client.send("GET / HTTP/1.1\r\n");
            Thread.sleep(HEADER_TIMEOUT_MS);
            client.send("Host: t\r\n\r\n");
            assertThat(client.readResponse().status()).isEqualTo(200);
        }
    }

    @Test
    void emptyLinesBeforeARequestDoNotStartTheDeadline() throws Exception {
        int port = start(null);
        try (RawHttpConnection client = RawHttpConnection.open(port)) {
            client.send("\r\n");
            Thread.sleep(HEADER_TIMEOUT_MS * 2);
            client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(client.readResponse().status()).as("RFC 9112 2.2: leading empty lines are ignored").isEqualTo(200);
        }
    }

    @Test
    void deadlineAppliesAgainToTheNextHeadOnAKeptAliveConnection() throws Exception {
        int port = start(null);
        try (RawHttpConnection client = RawHttpConnection.open(port)) {
            assertThat(client.get("/").status()).isEqualTo(200);
            Thread.sleep(HEADER_TIMEOUT_MS * 2); // idle between requests is the keep-alive timeout's business
            client.send("GET / HTTP/1.1\r\nHost: t\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).as("the deadline counts from the second head's first byte").isEqualTo(408);
        }
    }

    @Test
    void silentConnectionIsClosedByTheIdleTimeoutWithoutAResponse() throws Exception {
        int port = start(1_000L);
        try (RawHttpConnection client = RawHttpConnection.open(port)) {
            Thread.sleep(HEADER_TIMEOUT_MS * 2);
            assertThat(client.socket().getInputStream().available())
                    .as("nothing received: the header deadline has not started").isZero();
            InputStream in = client.socket().getInputStream();
            assertThat(in.read()).as("the idle timeout then closes it silently").isEqualTo(-1);
        }
    }
}
