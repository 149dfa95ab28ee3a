package io.jpraxis.http.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.filters.traffic.timeout.TimeoutConfig;
import io.jpraxis.filters.traffic.timeout.TimeoutFilter;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The {@code timeout} filter on the real edge: a late head is replaced, a missing head is cut off at the deadline. */
@Timeout(20)
class RequestDeadlineTest {

    private static TestGateway gateway(TestOrigin origin, TimeoutFilter timeout) {
        return TestGateway.builder().filter(timeout).filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin))
                .start();
    }

    private static TimeoutFilter timeout(long ms) {
        return new TimeoutFilter(new TimeoutConfig(ms), Clock.systemUTC());
    }

    @Test
    void headWithinTheLimitPassesUntouched() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = gateway(origin, timeout(30_000));
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            assertThat(client.get("/fast").status()).isEqualTo(200);
            assertThat(gw.gateway().metrics().deadlinesExceeded()).isZero();
        }
    }

    @Test
    void headArrivingAfterTheLimitIsReplacedBy504() throws IOException {
        // The filter's clock runs a minute ahead: the origin's prompt head is already too late by
        // its reckoning, while the edge's deadline (from the gateway clock) is far off. This is
        // Praxis's after-the-fact check alone.
        TimeoutFilter late = new TimeoutFilter(new TimeoutConfig(30_000), Clock.offset(Clock.systemUTC(), Duration.ofMinutes(1)));
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = gateway(origin, late);
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = client.get("/slow");
            assertThat(response.status()).as("docs/reference/filters/timeout.md#what-it-does: elapsed past timeout_ms at response headers").isEqualTo(504);
            assertThat(response.bodyText()).endsWith(",\"detail\":\"request timed out\"}");
            assertThat(origin.requestCount()).as("the origin did answer; its head was replaced").isEqualTo(1);
            assertThat(gw.gateway().metrics().deadlinesExceeded()).as("not the edge timer").isZero();
        }
    }

    @Test
    void slowOriginIsCutOffAtTheDeadline() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = gateway(origin, timeout(300));
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            long started = System.nanoTime();
            client.send("GET / HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DELAY_MS + ": 5000\r\n\r\n");
            RawResponse response = client.readResponse();
            long elapsedMs = (System.nanoTime() - started) / 1_000_000;

            assertThat(response.status()).isEqualTo(504);
            assertThat(response.bodyText()).endsWith(",\"detail\":\"request timed out\"}");
            assertThat(elapsedMs).as("answered at the deadline, not when the origin finally answers")
                    .isLessThan(4_000);
            assertThat(gw.gateway().metrics().deadlinesExceeded()).isEqualTo(1);
            assertThat(Waits.until(() -> origin.openConnections() == 0))
                    .as("the upstream exchange is cancelled: its connection closed, not pooled").isTrue();
            assertThat(client.get("/next").status()).as("the client connection stays usable (answered either way)")
                    .isIn(200, 504);
        }
    }

    @Test
    void originThatNeverAnswersIsCutOffAtTheDeadline() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = gateway(origin, timeout(200));
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET / HTTP/1.1\r\nHost: test\r\n" + OriginCommands.FAIL + ": hang\r\n\r\n");
            RawResponse response = client.readResponse();

            assertThat(response.status()).as("no read timeout configured: only the deadline bounds the wait")
                    .isEqualTo(504);
            assertThat(response.header("x-request-id")).isNotNull();
            assertThat(Waits.until(() -> origin.openConnections() == 0)).as("hung connection closed").isTrue();
            assertThat(Waits.until(() -> gw.gateway().metrics().activeUpstreamExchanges() == 0)).isTrue();
        }
    }
}
