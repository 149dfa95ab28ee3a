package io.jpraxis.http.server;

import static io.jpraxis.http.server.UpstreamFailureTest.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Binding, ports, connection caps and graceful stop. */
@Timeout(30)
class LifecycleTest {

    @Test
    void reportsTheRealPortOfAPortZeroListener() {
        try (TestGateway gw = TestGateway.builder().start()) {
            assertThat(gw.port()).isPositive();
            assertThat(gw.gateway().boundAddresses()).containsOnlyKeys("main");
            assertThat(gw.gateway().boundAddresses().get("main").getPort()).isEqualTo(gw.port());
        }
    }

    @Test
    void lifecycleRunsFromStartingThroughServingToStopped() {
        HttpGateway http = new HttpGateway(TestGateway.builder().compile(),
                io.jpraxis.core.runtime.RuntimeServices.system());
        assertThat(http.lifecycle()).as("not bound yet: readiness must say starting").isEqualTo(Lifecycle.STARTING);
        http.start();
        assertThat(http.lifecycle()).isEqualTo(Lifecycle.SERVING);
        http.stop(Duration.ofSeconds(1));
        assertThat(http.lifecycle()).isEqualTo(Lifecycle.STOPPED);
    }

    @Test
    void bindFailureNamesTheListener() throws IOException {
        try (ServerSocket taken = new ServerSocket(0)) {
            var compiled = TestGateway.builder().compile();
            var listener = compiled.listeners().getFirst();
            var busy = new io.jpraxis.config.model.ListenerConfig("busy",
                    new io.jpraxis.config.model.HostPort("0.0.0.0", taken.getLocalPort()), listener.config().protocol(),
                    listener.config().filterChains(), null, null, null, null, listener.config().source());
            var gateway = new io.jpraxis.core.pipeline.CompiledGateway(compiled.config(), compiled.features(),
                    java.util.List.of(new io.jpraxis.core.pipeline.CompiledGateway.Listener(busy, listener.pipeline())),
                    compiled.clusters());
            HttpGateway http = new HttpGateway(gateway, io.jpraxis.core.runtime.RuntimeServices.system());
            assertThatThrownBy(http::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("busy");
        }
    }

    @Test
    void gracefulStopLetsInFlightExchangesFinish() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            TestGateway gw = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
            int port = gw.port();
            try (RawHttpConnection busy = RawHttpConnection.open(port);
                    RawHttpConnection idle = RawHttpConnection.open(port)) {
                assertThat(idle.get("/warm").status()).isEqualTo(200);
                busy.send("GET /slow HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DELAY_MS + ": 500\r\n\r\n");
                assertThat(waitUntil(() -> origin.requestCount() == 2)).isTrue();
                CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> gw.gateway().stop(Duration.ofSeconds(5)));
                RawResponse response = busy.readResponse();
                assertThat(response.status()).as("the in-flight exchange completes").isEqualTo(200);
                assertThat(response.header("connection")).isEqualTo("close");
                assertThat(idle.closedByPeer()).as("idle keep-alive connections close at once").isTrue();
                stopping.join();
            }
            assertThatThrownBy(() -> RawHttpConnection.open(port)).as("no longer accepting")
                    .isInstanceOf(UncheckedIOException.class);
        }
    }

    @Test
    void stopTimeoutClosesBusyConnections() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            TestGateway gw = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
            try (RawHttpConnection busy = RawHttpConnection.open(gw.port())) {
                busy.send("GET / HTTP/1.1\r\nHost: test\r\n" + OriginCommands.FAIL + ": hang\r\n\r\n");
                assertThat(waitUntil(() -> origin.requestCount() == 1)).isTrue();
                long started = System.nanoTime();
                gw.gateway().stop(Duration.ofMillis(300));
                assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(5_000);
                assertThat(busy.closedByPeer()).isTrue();
            }
        }
    }

    @Test
    void listenerConnectionCapAnswers503WithRetryAfter() throws IOException {
        try (TestGateway gw = TestGateway.builder().listenerMaxConnections(1)
                        .filter(TestFilters.respond(200, "text/plain", "ok")).start();
                RawHttpConnection first = RawHttpConnection.open(gw.port())) {
            assertThat(first.get("/").status()).isEqualTo(200);
            try (RawHttpConnection second = RawHttpConnection.open(gw.port())) {
                RawResponse refused = second.get("/");
                assertThat(refused.status()).isEqualTo(503);
                assertThat(refused.header("retry-after")).isEqualTo("1");
                assertThat(second.closedByPeer()).isTrue();
            }
            assertThat(first.get("/").status()).as("the admitted connection is unaffected").isEqualTo(200);
        }
    }
}
