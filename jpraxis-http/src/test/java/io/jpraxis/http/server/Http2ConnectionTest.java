package io.jpraxis.http.server;

import static io.jpraxis.http.server.UpstreamFailureTest.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.TestOrigin;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The life of an HTTP/2 client connection: idle timeout, caps, graceful stop. */
@Timeout(30)
class Http2ConnectionTest {
    private TestOrigin origin;
    private TestGateway gateway;

    private int start(TestGateway.Builder builder) {
        origin = TestOrigin.start("o");
        gateway = builder.filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
        return gateway.port();
    }

    @AfterEach
    void stop() {
        gateway.close();
        origin.close();
    }

    @Test
    void idleConnectionIsClosedAfterTheKeepAliveTimeout() {
        int port = start(TestGateway.builder().keepAliveTimeoutMs(1_000L));
        try (H2cClient client = H2cClient.connect(port)) {
            assertThat(H2cClient.await(client.get("/")).status()).isEqualTo(200);
            assertThat(waitUntil(() -> !client.isOpen())).as("no stream, no frame for the idle timeout").isTrue();
        }
    }

    @Test
    void slowStreamKeepsTheConnectionOpenPastTheIdleTimeout() {
        int port = start(TestGateway.builder().keepAliveTimeoutMs(1_000L));
        try (H2cClient client = H2cClient.connect(port)) {
            var headers = H2cClient.headers("GET", "/slow").add(OriginCommands.DELAY_MS, "2500");
            H2Response response = H2cClient.await(client.send(headers, 0));
            assertThat(response.status()).as("an open stream is not idleness").isEqualTo(200);
        }
    }

    @Test
    void stopLetsAnInFlightStreamFinish() throws Exception {
        int port = start(TestGateway.builder());
        try (H2cClient client = H2cClient.connect(port)) {
            CompletableFuture<H2Response> slow = client.send(
                    H2cClient.headers("GET", "/slow").add(OriginCommands.DELAY_MS, "700"), 0);
            assertThat(waitUntil(() -> origin.requestCount() == 1)).isTrue();
            Thread stopper = Thread.ofVirtual().start(() -> gateway.gateway().stop(Duration.ofSeconds(5)));
            H2Response finished = H2cClient.await(slow);
            assertThat(finished.status()).as("GOAWAY lets open streams finish").isEqualTo(200);
            stopper.join();
            assertThat(waitUntil(() -> !client.isOpen())).as("then the connection closes").isTrue();
        }
    }

    @Test
    void stopEndsAStreamThatOutlivesTheShutdownTimeout() {
        int port = start(TestGateway.builder());
        try (H2cClient client = H2cClient.connect(port)) {
            // An event stream whose later events never come: it would run forever.
            CompletableFuture<H2Response> endless = client.send(
                    H2cClient.headers("GET", "/events").add(OriginCommands.EVENTS, "3"), 0);
            assertThat(waitUntil(() -> origin.requestCount() == 1)).isTrue();
            long started = System.nanoTime();
            gateway.gateway().stop(Duration.ofSeconds(1));
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            assertThat(took).as("the stop ends with shutdown_timeout_secs, not after the HTTP/2 codec's own "
                    + Http2Setup.GRACEFUL_CLOSE_MS + " ms grace for open streams").isLessThan(Duration.ofSeconds(15));
            assertThat(waitUntil(() -> !client.isOpen())).as("the connection is closed").isTrue();
            assertThat(waitUntil(endless::isDone)).as("the stream ended").isTrue();
        }
    }

    @Test
    void streamsOfAConnectionOverTheCapAre503() {
        int port = start(TestGateway.builder().listenerMaxConnections(1));
        try (H2cClient first = H2cClient.connect(port)) {
            // The first connection is admitted (it got its answer) before the second one exists,
            // so which connection holds the only slot does not depend on accept order.
            assertThat(H2cClient.await(first.get("/")).status()).isEqualTo(200);
            try (H2cClient second = H2cClient.connect(port)) {
                H2Response refused = H2cClient.await(second.get("/"));
                assertThat(refused.status()).as("docs/behaviour/http-edge.md#connection-caps-and-keep-alive: listener cap").isEqualTo(503);
                assertThat(refused.header("retry-after")).isEqualTo("1");
                assertThat(waitUntil(() -> !second.isOpen()))
                        .as("and the connection beyond the cap is closed, as on HTTP/1.1, not kept for more 503s")
                        .isTrue();
            }
            assertThat(H2cClient.await(first.get("/again")).status()).isEqualTo(200);
        }
    }
}
