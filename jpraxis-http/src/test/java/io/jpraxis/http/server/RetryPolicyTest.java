package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.RetryCondition;
import io.jpraxis.config.model.RetryPolicyConfig;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A configured {@code retry_policy} against real origins (see docs/behaviour/retries.md): resets
 * and retriable statuses go to another endpoint, a retried answer never reaches the client, and
 * the method, body size, budget and per-try limits stop retries where they should. The first
 * endpoint is always the failing one, the second the live one.
 */
@Timeout(20)
class RetryPolicyTest {

    @Test
    void anOriginThatClosesTheConnectionIsRetriedOnAnotherEndpoint() throws IOException {
        try (TestOrigin closing = TestOrigin.builder("closing").failing(TestOrigin.Failure.CLOSE_WITHOUT_RESPONSE).start();
                TestOrigin live = TestOrigin.start("live")) {
            ClusterState state = cluster(closing, live, policy(List.of(RetryCondition.RESET), List.of(), false, null,
                    null));
            try (TestGateway gw = gateway(state); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.get("/");
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.echo().origin()).as("the reset attempt was retried on the live endpoint")
                        .isEqualTo("live");
                assertThat(closing.requestCount()).as("the closing origin got the request once").isEqualTo(1);
                assertThat(gw.gateway().metrics().upstreamRetries()).isEqualTo(1);
                assertThat(state.inFlight()).as("the cluster slot is given back").isZero();
            }
        }
    }

    @Test
    void a503UnderStatus5xxIsRetriedAndTheClientSeesTheSecondEndpointsAnswer() throws IOException {
        try (TestOrigin down = TestOrigin.builder("down").fixed(503, "text/plain", "down").start();
                TestOrigin live = TestOrigin.start("live")) {
            ClusterState state = cluster(down, live, policy(List.of(RetryCondition.STATUS_5XX), List.of(), false,
                    null, null));
            try (TestGateway gw = gateway(state); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.get("/");
                assertThat(response.status()).as("the 503 never reaches the client").isEqualTo(200);
                assertThat(response.echo().origin()).isEqualTo("live");
                assertThat(down.requestCount()).isEqualTo(1);
                assertThat(client.get("/again").status()).as("the client connection stays usable").isEqualTo(200);
            }
        }
    }

    @Test
    void aListedStatusIsRetriedButAnUnlistedOneIsRelayed() throws IOException {
        try (TestOrigin busy = TestOrigin.builder("busy").fixed(429, "text/plain", "slow down").start();
                TestOrigin live = TestOrigin.start("live")) {
            ClusterState listed = cluster(busy, live, policy(List.of(RetryCondition.CONNECT_FAILURE), List.of(429),
                    false, null, null));
            try (TestGateway gw = gateway(listed); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                assertThat(client.get("/").status()).as("429 is in retriable_status_codes").isEqualTo(200);
            }
            ClusterState unlisted = cluster(busy, live, policy(List.of(RetryCondition.STATUS_5XX), List.of(), false,
                    null, null));
            try (TestGateway gw = gateway(unlisted); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.get("/");
                assertThat(response.status()).as("429 is not a 5xx").isEqualTo(429);
                assertThat(response.bodyText()).isEqualTo("slow down");
            }
        }
    }

    @Test
    void aPostIsNotRetriedWithoutAllowNonIdempotent() throws IOException {
        try (TestOrigin down = TestOrigin.builder("down").fixed(503, "text/plain", "down").start();
                TestOrigin live = TestOrigin.start("live")) {
            ClusterState strict = cluster(down, live, policy(List.of(RetryCondition.STATUS_5XX), List.of(), false,
                    null, null));
            try (TestGateway gw = gateway(strict); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
                        .readResponse();
                assertThat(response.status()).as("RFC 9110 9.2.2: POST is not idempotent").isEqualTo(503);
                assertThat(live.requestCount()).isZero();
            }
            ClusterState lenient = cluster(down, live, policy(List.of(RetryCondition.STATUS_5XX), List.of(), true,
                    null, null));
            try (TestGateway gw = gateway(lenient); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                EchoResponse echo = client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
                        .readResponse().echo();
                assertThat(echo.origin()).as("allow_non_idempotent").isEqualTo("live");
                assertThat(echo.bodyBytes()).as("the body is replayed whole").isEqualTo(5);
            }
        }
    }

    @Test
    void a70KilobyteBodyIsNotRetriedButA60KilobyteOneIsReplayedWhole() throws IOException {
        try (TestOrigin down = TestOrigin.builder("down").fixed(503, "text/plain", "down").start();
                TestOrigin live = TestOrigin.start("live")) {
            ClusterState state = cluster(down, live, policy(List.of(RetryCondition.STATUS_5XX), List.of(), false,
                    null, null));
            try (TestGateway gw = gateway(state)) {
                try (RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                    assertThat(put(client, 70 * 1024).status()).as("over retry_body_limit_bytes (65,536)")
                            .isEqualTo(503);
                }
                try (RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                    EchoResponse echo = put(client, 60 * 1024).echo();
                    assertThat(echo.origin()).isEqualTo("live");
                    assertThat(echo.bodySha256()).as("the replay is the same body")
                            .isEqualTo(TestData.sha256(60 * 1024));
                }
            }
        }
    }

    @Test
    void anExhaustedBudgetStopsRetries() throws IOException {
        try (TestOrigin down = TestOrigin.builder("down").fixed(503, "text/plain", "down").start();
                TestOrigin live = TestOrigin.start("live")) {
            // One token, refilled at one a second: the first request's retry spends it.
            ClusterState state = cluster(down, live, policy(List.of(RetryCondition.STATUS_5XX), List.of(), false,
                    new RetryPolicyConfig.Budget(0, 1), null));
            try (TestGateway gw = gateway(state); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                assertThat(client.get("/1").status()).as("the budget's one token").isEqualTo(200);
                assertThat(client.get("/2").status()).as("no token left: the 503 is answered").isEqualTo(503);
                assertThat(gw.gateway().metrics().upstreamRetries()).isEqualTo(1);
            }
        }
    }

    @Test
    void anAttemptSlowerThanThePerTryTimeoutIsRetriedOnAnotherEndpoint() throws IOException {
        try (TestOrigin hanging = TestOrigin.builder("hanging").failing(TestOrigin.Failure.HANG).start();
                TestOrigin live = TestOrigin.start("live")) {
            ClusterState state = cluster(hanging, live, policy(List.of(RetryCondition.RESET), List.of(), false, null,
                    300L));
            try (TestGateway gw = gateway(state); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                long started = System.nanoTime();
                RawResponse response = client.get("/");
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.echo().origin()).isEqualTo("live");
                assertThat((System.nanoTime() - started) / 1_000_000).as("the hanging attempt was cut at 300 ms, "
                        + "not at the 60 s read timeout").isLessThan(5_000);
            }
        }
    }

    @Test
    void withoutAPolicyA503IsRelayed() throws IOException {
        try (TestOrigin down = TestOrigin.builder("down").fixed(503, "text/plain", "down").start();
                TestOrigin live = TestOrigin.start("live")) {
            ClusterState state = TestCluster.named("c").endpoint(down).endpoint(live).state();
            try (TestGateway gw = gateway(state); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                assertThat(client.get("/").status()).as("legacy: connect failures only").isEqualTo(503);
                assertThat(live.requestCount()).isZero();
            }
        }
    }

    private static RawResponse put(RawHttpConnection client, int size) throws IOException {
        byte[] body = new byte[size];
        TestData.fill(body, 0, size, 0);
        client.send("PUT /upload HTTP/1.1\r\nHost: t\r\nContent-Length: " + size + "\r\n\r\n");
        client.send(body);
        return client.readResponse();
    }

    private static RetryPolicyConfig policy(List<RetryCondition> conditions, List<Integer> statuses,
            boolean nonIdempotent, RetryPolicyConfig.Budget budget, Long perTryMs) {
        return new RetryPolicyConfig(true, 2, conditions, statuses, perTryMs, null, new RetryPolicyConfig.Backoff(1, 5),
                budget, RetryPolicyConfig.DEFAULT_RETRY_BODY_LIMIT_BYTES, nonIdempotent);
    }

    private static ClusterState cluster(TestOrigin failing, TestOrigin live, RetryPolicyConfig policy) {
        return TestCluster.named("c").endpoint(failing).endpoint(live).retry(policy).state();
    }

    private static TestGateway gateway(ClusterState state) {
        return TestGateway.builder().filter(TestFilters.firstEndpoint(state)).start();
    }
}
