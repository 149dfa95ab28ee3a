package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Connect failures are retried per the cluster's {@code retry_policy} (see
 * docs/behaviour/retries.md): a configured policy on another endpoint, the legacy one on the same;
 * idempotent methods only unless {@code allow_non_idempotent} (RFC 9110 9.2.2).
 */
@Timeout(20)
class RetryTest {

    @Test
    void getIsRetriedOnTheNextEndpointAfterARefusedConnect() throws IOException {
        try (TestOrigin live = TestOrigin.start("live")) {
            ClusterState state = TestCluster.named("c").deadEndpoint().endpoint(live).retry(2, 64 * 1024, false).state();
            try (TestGateway gw = gateway(state); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.get("/");
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.echo().origin()).as("the retry went to the second endpoint").isEqualTo("live");
                assertThat(gw.gateway().metrics().upstreamRetries()).isEqualTo(1);
                assertThat(gw.gateway().metrics().upstreamFailures(UpstreamFailure.CONNECT_REFUSED)).isEqualTo(1);
                for (EndpointState e : state.endpoints()) {
                    assertThat(e.inFlight()).as("in flight after the exchange: " + e).isZero();
                }
                assertThat(state.inFlight()).isZero();
            }
        }
    }

    @Test
    void postIsNotRetriedAfterAConnectFailure() throws IOException {
        try (TestOrigin live = TestOrigin.start("live")) {
            ClusterState state = TestCluster.named("c").deadEndpoint().endpoint(live).state();
            try (TestGateway gw = gateway(state); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello");
                RawResponse response = client.readResponse();
                assertThat(response.status()).as("RFC 9110 9.2.2: POST is not idempotent").isEqualTo(502);
                assertThat(response.bodyText()).contains("refused");
                assertThat(live.requestCount()).isZero();
                assertThat(gw.gateway().metrics().upstreamRetries()).isZero();
            }
        }
    }

    @Test
    void postIsRetriedWithItsWholeBodyWhenNonIdempotentRetriesAreAllowed() throws IOException {
        try (TestOrigin live = TestOrigin.start("live")) {
            ClusterState state = TestCluster.named("c").deadEndpoint().endpoint(live).retry(1, 64 * 1024, true).state();
            try (TestGateway gw = gateway(state); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                byte[] body = new byte[1 << 20]; // larger than the replay limit: it must not need a replay
                TestData.fill(body, 0, body.length, 0);
                client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: " + body.length + "\r\n\r\n");
                client.send(body);
                EchoResponse echo = client.readResponse().echo();
                assertThat(echo.origin()).isEqualTo("live");
                assertThat(echo.bodyBytes()).as("the body was read only once a connection existed")
                        .isEqualTo(body.length);
                assertThat(echo.bodySha256()).isEqualTo(TestData.sha256(body.length));
            }
        }
    }

    @Test
    void retriesStopAtMaxRetries() throws IOException {
        // Only dead endpoints: the round robin starts at a random place in its cycle, so with a
        // live one among them the single retry could legitimately land on it.
        ClusterState state = TestCluster.named("c").deadEndpoint().deadEndpoint().deadEndpoint()
                .retry(1, 64 * 1024, false).state();
        try (TestGateway gw = gateway(state); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            assertThat(client.get("/").status()).as("two dead endpoints tried, then the failure is answered")
                    .isEqualTo(502);
            assertThat(gw.gateway().metrics().upstreamFailures(UpstreamFailure.CONNECT_REFUSED))
                    .as("max_retries 1: two attempts in all, though a third endpoint was left").isEqualTo(2);
            assertThat(gw.gateway().metrics().upstreamRetries()).isEqualTo(1);
        }
    }

    @Test
    void legacyPolicyRetriesThreeTimesOnTheSameEndpoint() throws IOException {
        try (TestOrigin live = TestOrigin.start("live")) {
            // no retry_policy: legacy
            ClusterState state = TestCluster.named("c").deadEndpoint().endpoint(live).state();
            try (TestGateway gw = gateway(state); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                assertThat(client.get("/").status()).as("the live endpoint is never tried").isEqualTo(502);
                assertThat(gw.gateway().metrics().upstreamFailures(UpstreamFailure.CONNECT_REFUSED))
                        .as("legacy: 3 retries, 4 attempts, all to the endpoint picked first").isEqualTo(4);
                assertThat(live.requestCount()).isZero();
                assertThat(state.endpoints().getFirst().inFlight()).isZero();
            }
        }
    }

    @Test
    void refusedPrivateAddressIsNotRetried() throws IOException {
        try (TestOrigin live = TestOrigin.start("live")) {
            // "localhost" resolves to loopback, which allow_private_upstreams (off here) would permit.
            ClusterState state = TestCluster.named("c").endpoint("localhost", live.port()).endpoint(live).state();
            try (TestGateway gw = gateway(state); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.get("/");
                assertThat(response.status()).isEqualTo(502);
                assertThat(response.bodyText()).contains("not allowed");
                assertThat(gw.gateway().metrics().upstreamRetries()).isZero();
                assertThat(live.requestCount()).isZero();
            }
        }
    }

    @Test
    void bodyLessRetriedRequestArrivesWhole() throws IOException {
        try (TestOrigin live = TestOrigin.start("live")) {
            ClusterState state = TestCluster.named("c").deadEndpoint().endpoint(live).retry(2, 64 * 1024, false).state();
            try (TestGateway gw = gateway(state); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                EchoResponse echo = client.send("DELETE /thing HTTP/1.1\r\nHost: t\r\n\r\n").readResponse().echo();
                assertThat(echo.method()).isEqualTo("DELETE");
                assertThat(echo.bodyBytes()).isZero();
                assertThat(client.get("/next").status()).as("the client connection stays usable").isEqualTo(200);
            }
        }
    }

    private static TestGateway gateway(ClusterState state) {
        return TestGateway.builder().filter(TestFilters.firstEndpoint(state)).start();
    }
}
