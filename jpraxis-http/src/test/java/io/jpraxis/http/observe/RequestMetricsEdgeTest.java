package io.jpraxis.http.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestOrigin;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Micrometer meters of the edge, read from {@code HttpGateway.meters()} after real exchanges. */
@Timeout(20)
class RequestMetricsEdgeTest {

    /** Marks the request as routed by "/api" (what the router records), then lets the next filter decide. */
    private static HttpFilter routed(String route) {
        return TestFilters.onRequest("test_route", ctx -> {
            ctx.route(route);
            return FilterAction.CONTINUE;
        });
    }

    private static double requests(MeterRegistry meters, String route, String cluster, String status) {
        Counter c = meters.find("jpraxis.requests")
                .tags("listener", "main", "route", route, "cluster", cluster, "status", status).counter();
        return c == null ? 0 : c.count();
    }

    @Test
    void requestsAreCountedAndTimedByListenerRouteClusterAndStatus() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(routed("/api"))
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            assertThat(client.get("/api/1").status()).isEqualTo(200);
            assertThat(client.get("/api/2").status()).isEqualTo(200);
            client.send("GET /api/3 HTTP/1.1\r\nHost: test\r\nx-origin-status: 503\r\n\r\n");
            assertThat(client.readResponse().status()).isEqualTo(503);
            MeterRegistry meters = gw.gateway().meters();

            assertThat(Waits.until(() -> requests(meters, "/api", "c", "503") == 1)).isTrue();
            assertThat(requests(meters, "/api", "c", "200")).isEqualTo(2);
            Timer latency = meters.find("jpraxis.request.duration")
                    .tags("listener", "main", "route", "/api", "cluster", "c", "status", "200").timer();
            assertThat(latency).isNotNull();
            assertThat(latency.count()).isEqualTo(2);
            assertThat(latency.totalTime(java.util.concurrent.TimeUnit.NANOSECONDS)).isPositive();
        }
    }

    @Test
    void requestsWithoutRouteOrClusterAreTaggedNone() throws IOException {
        try (TestGateway gw = TestGateway.builder().filter(TestFilters.reject(404, "no route")).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            assertThat(client.get("/nowhere").status()).isEqualTo(404);
            assertThat(Waits.until(() -> requests(gw.gateway().meters(), "none", "none", "404") == 1))
                    .as("bounded tags: never the request path").isTrue();
        }
    }

    @Test
    void poolAndReuseGaugesFollowTheUpstreamConnections() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().runtime(1, 8, null)
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            MeterRegistry meters = gw.gateway().meters();
            assertThat(meters.get("jpraxis.upstream.connection.reuse.ratio").gauge().value())
                    .as("no connection yet").isZero();
            client.get("/1");
            client.get("/2");

            assertThat(Waits.until(() -> meters.get("jpraxis.upstream.pool.idle").gauge().value() == 1))
                    .as("the keep-alive connection is parked after each exchange").isTrue();
            assertThat(meters.get("jpraxis.upstream.connection.reuse.ratio").gauge().value())
                    .as("one connect, one reuse").isEqualTo(0.5);
            assertThat(Waits.until(() -> meters.get("jpraxis.upstream.exchanges.active").gauge().value() == 0))
                    .as("both exchanges ended (counted just after the last byte went out)").isTrue();
            assertThat(meters.get("jpraxis.edge.requests").functionCounter().count()).isEqualTo(2);
            assertThat(meters.get("jpraxis.edge.upstream_connects").functionCounter().count()).isEqualTo(1);
        }
    }

    @Test
    void activeUpstreamExchangesGaugeCountsExchangesInFlight() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder()
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            MeterRegistry meters = gw.gateway().meters();
            client.send("GET / HTTP/1.1\r\nHost: test\r\nx-origin-delay-ms: 500\r\n\r\n");
            assertThat(Waits.until(() -> meters.get("jpraxis.upstream.exchanges.active").gauge().value() == 1))
                    .as("while the origin thinks").isTrue();
            assertThat(client.readResponse().status()).isEqualTo(200);
            assertThat(Waits.until(() -> meters.get("jpraxis.upstream.exchanges.active").gauge().value() == 0))
                    .isTrue();
        }
    }
}
