package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.HedgePolicyConfig;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hedged requests against real origins (see docs/behaviour/hedging.md): a copy goes to another
 * endpoint after the per-try wait or at once, the first answer below 500 wins and the losers'
 * connections are closed, and the method, the Accept header and the budget keep requests from
 * being copied. The first endpoint is always the primary.
 */
@Timeout(20)
class HedgingTest {
    private static final HedgePolicyConfig AFTER_100_MS = new HedgePolicyConfig(1, 2, 100L, 100);
    private static final HedgePolicyConfig FAN_OUT = new HedgePolicyConfig(2, 2, null, 100);

    @Test
    void aSlowPrimaryLosesToACopySentAfterThePerTryTimeout() throws IOException {
        try (TestOrigin hanging = TestOrigin.builder("hanging").failing(TestOrigin.Failure.HANG).start();
                TestOrigin live = TestOrigin.start("live")) {
            ClusterState state = TestCluster.named("c").endpoint(hanging).endpoint(live).state();
            try (TestGateway gw = gateway(state, AFTER_100_MS); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                long started = System.nanoTime();
                RawResponse response = client.get("/");
                long tookMs = (System.nanoTime() - started) / 1_000_000;
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.echo().origin()).as("the copy answered").isEqualTo("live");
                assertThat(tookMs).as("the copy waited for per_try_timeout_ms").isGreaterThanOrEqualTo(100);
                assertThat(gw.gateway().metrics().hedgeCopies()).isEqualTo(1);
                assertThat(hanging.requestCount()).as("the primary got the request first").isEqualTo(1);
                assertThat(Waits.until(() -> hanging.openConnections() == 0))
                        .as("the losing attempt was cancelled: its connection closed, not pooled").isTrue();
                assertThat(Waits.until(() -> state.inFlight() == 0)).as("the cluster slot is given back").isTrue();
                assertThat(client.get("/again").echo().origin()).as("the client connection stays usable")
                        .isNotNull();
            }
        }
    }

    @Test
    void aFastPrimaryNeedsNoCopy() throws IOException {
        try (TestOrigin first = TestOrigin.start("first"); TestOrigin second = TestOrigin.start("second")) {
            ClusterState state = TestCluster.named("c").endpoint(first).endpoint(second).state();
            try (TestGateway gw = gateway(state, new HedgePolicyConfig(1, 2, 2_000L, 100));
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                assertThat(client.get("/").echo().origin()).isEqualTo("first");
                assertThat(second.requestCount()).as("the answer came before the per-try wait").isZero();
                assertThat(gw.gateway().metrics().hedgeCopies()).isZero();
            }
        }
    }

    @Test
    void fanOutSendsTheRequestToTwoDifferentEndpointsAtOnce() throws IOException {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b")) {
            a.delayEveryAnswer(300);
            b.delayEveryAnswer(300);
            ClusterState state = TestCluster.named("c").endpoint(a).endpoint(b).state();
            try (TestGateway gw = gateway(state, FAN_OUT); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                assertThat(client.get("/").status()).isEqualTo(200);
                assertThat(a.requestCount()).as("the primary").isEqualTo(1);
                assertThat(b.requestCount()).as("the copy went to the other endpoint, not the same one twice")
                        .isEqualTo(1);
                assertThat(gw.gateway().metrics().hedgeCopies()).isEqualTo(1);
            }
        }
    }

    @Test
    void copiesNeverGoToAnEndpointTwice() throws IOException {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b")) {
            a.delayEveryAnswer(400);
            b.delayEveryAnswer(400);
            ClusterState state = TestCluster.named("c").endpoint(a).endpoint(b).state();
            try (TestGateway gw = gateway(state, new HedgePolicyConfig(1, 3, 50L, 100));
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                assertThat(client.get("/").status()).isEqualTo(200);
                assertThat(gw.gateway().metrics().hedgeCopies()).as("a third attempt had no endpoint left")
                        .isEqualTo(1);
                assertThat(a.requestCount()).isEqualTo(1);
                assertThat(b.requestCount()).isEqualTo(1);
            }
        }
    }

    @Test
    void aFullBudgetAdmitsOneCopyPerRequestEvenWhenThePolicyAsksForMore() throws IOException {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b");
                TestOrigin c = TestOrigin.start("c")) {
            for (TestOrigin o : new TestOrigin[] {a, b, c}) {
                o.delayEveryAnswer(300);
            }
            ClusterState state = TestCluster.named("c").endpoint(a).endpoint(b).endpoint(c).state();
            try (TestGateway gw = gateway(state, new HedgePolicyConfig(3, 3, null, 100));
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                assertThat(client.get("/").status()).isEqualTo(200);
                assertThat(a.requestCount()).as("the primary").isEqualTo(1);
                assertThat(b.requestCount() + c.requestCount()).as("100 %: copies at most as many as requests")
                        .isEqualTo(1);
                assertThat(gw.gateway().metrics().hedgeCopies()).isEqualTo(1);
            }
        }
    }

    @Test
    void everyAttemptCarriesTheWholeBufferedBody() throws IOException {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b")) {
            a.delayEveryAnswer(300);
            b.delayEveryAnswer(300);
            ClusterState state = TestCluster.named("c").endpoint(a).endpoint(b).state();
            try (TestGateway gw = gateway(state, FAN_OUT); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                byte[] body = new byte[10_000];
                TestData.fill(body, 0, body.length, 0);
                client.send("PUT /up HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n2710\r\n");
                client.send(body);
                client.send("\r\n0\r\n\r\n");
                RawResponse response = client.readResponse();
                assertThat(response.echo().bodySha256()).as("the winner got the body")
                        .isEqualTo(TestData.sha256(body.length));
                assertThat(Waits.until(() -> a.bodyBytesReceived() == body.length && b.bodyBytesReceived() == body.length))
                        .as("a chunked body is read whole and each attempt sends all of it").isTrue();
            }
        }
    }

    @Test
    void aBodyOverTheBoundIsRefusedWith413() throws IOException {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b")) {
            ClusterState state = TestCluster.named("c").endpoint(a).endpoint(b).state();
            try (TestGateway gw = TestGateway.builder().bodyLimits(50_000L, BodyLimits.DEFAULT_BYTES)
                    .filter(hedged(state, FAN_OUT)).start(); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.send("PUT /up HTTP/1.1\r\nHost: t\r\nContent-Length: 70000\r\n\r\n")
                        .readResponse();
                assertThat(response.status()).as("a hedged body is buffered whole, up to the request limit")
                        .isEqualTo(413);
                assertThat(a.requestCount() + b.requestCount()).as("nothing went upstream").isZero();
            }
            try (TestGateway gw = TestGateway.builder().bodyLimits(50_000L, BodyLimits.DEFAULT_BYTES)
                    .filter(hedged(state, FAN_OUT)).start(); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                client.send("PUT /up HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nea60\r\n");
                client.send(new byte[60_000]);
                client.send("\r\n0\r\n\r\n");
                assertThat(client.readResponse().status()).as("a chunked body over the limit, counted as it is read")
                        .isEqualTo(413);
                assertThat(a.requestCount() + b.requestCount()).isZero();
            }
        }
    }

    @Test
    void aPostIsNeverHedged() throws IOException {
        try (TestOrigin slow = TestOrigin.start("slow"); TestOrigin other = TestOrigin.start("other")) {
            slow.delayEveryAnswer(400);
            ClusterState state = TestCluster.named("c").endpoint(slow).endpoint(other).state();
            try (TestGateway gw = gateway(state, new HedgePolicyConfig(1, 2, 50L, 100));
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
                        .readResponse();
                assertThat(response.echo().origin()).as("RFC 9110 9.2.2: POST is not idempotent").isEqualTo("slow");
                assertThat(other.requestCount()).isZero();
                assertThat(gw.gateway().metrics().hedgeCopies()).isZero();
            }
        }
    }

    @Test
    void anEventStreamRequestIsNeverHedged() throws IOException {
        try (TestOrigin slow = TestOrigin.start("slow"); TestOrigin other = TestOrigin.start("other")) {
            slow.delayEveryAnswer(400);
            ClusterState state = TestCluster.named("c").endpoint(slow).endpoint(other).state();
            try (TestGateway gw = gateway(state, new HedgePolicyConfig(1, 2, 50L, 100));
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.send("GET /events HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\n\r\n")
                        .readResponse();
                assertThat(response.echo().origin()).as("a stream is never raced").isEqualTo("slow");
                assertThat(other.requestCount()).isZero();
            }
        }
    }

    @Test
    void aZeroBudgetNeverSendsACopy() throws IOException {
        try (TestOrigin slow = TestOrigin.start("slow"); TestOrigin other = TestOrigin.start("other")) {
            slow.delayEveryAnswer(300);
            ClusterState state = TestCluster.named("c").endpoint(slow).endpoint(other).state();
            try (TestGateway gw = gateway(state, new HedgePolicyConfig(2, 2, null, 0));
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                assertThat(client.get("/").echo().origin()).isEqualTo("slow");
                assertThat(other.requestCount()).as("budget_percent 0 turns copies off").isZero();
                assertThat(gw.gateway().metrics().hedgeCopies()).isZero();
            }
        }
    }

    @Test
    void theBudgetBoundsCopiesToItsShareOfTheRoutesRequests() throws IOException {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b")) {
            ClusterState state = TestCluster.named("c").endpoint(a).endpoint(b).state();
            try (TestGateway gw = gateway(state, new HedgePolicyConfig(2, 2, null, 50));
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                for (int i = 0; i < 4; i++) {
                    assertThat(client.get("/" + i).status()).isEqualTo(200);
                }
                assertThat(gw.gateway().metrics().hedgeCopies()).as("50 % of 4 requests").isEqualTo(2);
            }
        }
    }

    @Test
    void whenEveryAttemptFailsTheClientGets502() throws IOException {
        try (TestOrigin a = TestOrigin.builder("a").fixed(503, "text/plain", "down").start();
                TestOrigin b = TestOrigin.builder("b").failing(TestOrigin.Failure.CLOSE_WITHOUT_RESPONSE).start()) {
            ClusterState state = TestCluster.named("c").endpoint(a).endpoint(b).state();
            try (TestGateway gw = gateway(state, FAN_OUT); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.get("/");
                assertThat(response.status()).as("a 503 and a reset: no attempt answered below 500").isEqualTo(502);
                assertThat(a.requestCount() + b.requestCount()).isEqualTo(2);
                assertThat(Waits.until(() -> state.inFlight() == 0)).isTrue();
            }
        }
    }

    @Test
    void aFailedPrimaryStartsTheNextCopyAtOnce() throws IOException {
        try (TestOrigin down = TestOrigin.builder("down").fixed(503, "text/plain", "down").start();
                TestOrigin live = TestOrigin.start("live")) {
            ClusterState state = TestCluster.named("c").endpoint(down).endpoint(live).state();
            try (TestGateway gw = gateway(state, new HedgePolicyConfig(1, 2, 5_000L, 100));
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                long started = System.nanoTime();
                RawResponse response = client.get("/");
                assertThat(response.echo().origin()).as("a 5xx never wins").isEqualTo("live");
                assertThat((System.nanoTime() - started) / 1_000_000).as("nothing left in flight: no 5 s wait")
                        .isLessThan(4_000);
            }
        }
    }

    @Test
    void aClientThatLeavesAbortsTheRace() throws IOException {
        try (TestOrigin a = TestOrigin.builder("a").failing(TestOrigin.Failure.HANG).start();
                TestOrigin b = TestOrigin.builder("b").failing(TestOrigin.Failure.HANG).start()) {
            ClusterState state = TestCluster.named("c").endpoint(a).endpoint(b).state();
            try (TestGateway gw = gateway(state, FAN_OUT)) {
                try (RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                    client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n");
                    assertThat(Waits.until(() -> a.requestCount() == 1 && b.requestCount() == 1)).isTrue();
                }
                assertThat(Waits.until(() -> a.openConnections() == 0 && b.openConnections() == 0))
                        .as("both attempts' connections closed when the client left").isTrue();
                assertThat(Waits.until(() -> state.inFlight() == 0)).isTrue();
            }
        }
    }

    @Test
    void theWinnersAnswerPassesTheResponseFilters() throws IOException {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b")) {
            ClusterState state = TestCluster.named("c").endpoint(a).endpoint(b).state();
            try (TestGateway gw = TestGateway.builder().filter(hedged(state, FAN_OUT))
                    .filter(TestFilters.responseHeaders(h -> h.headers().set("x-seen", "yes"))).start();
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.get("/");
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.header("x-seen")).as("response filters run on the buffered answer").isEqualTo("yes");
                assertThat(response.echo().path()).isEqualTo("/");
            }
        }
    }

    private static HttpFilter hedged(ClusterState state, HedgePolicyConfig policy) {
        return TestFilters.hedged(state, policy);
    }

    private static TestGateway gateway(ClusterState state, HedgePolicyConfig policy) {
        return TestGateway.builder().filter(hedged(state, policy)).start();
    }
}
