package io.jpraxis.http.server;

import static io.jpraxis.http.server.UpstreamFailureTest.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every way an exchange can end gives back its cluster slot and its endpoint in-flight count
 * exactly once (least_connections and max_connections read them), and passive health sees 5xx
 * answers and broken connections as failures (see docs/behaviour/clusters.md#health-checks).
 */
@Timeout(30)
class InFlightAccountingTest {

    @Test
    void countsReturnToZeroAfterEveryKindOfEnding() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ClusterState state = TestCluster.named("c").endpoint(origin).readMs(300).state();
            EndpointState endpoint = state.endpoints().getFirst();
            try (TestGateway gw = TestGateway.builder().bodyLimits(1024L, null)
                    .filter(TestFilters.firstEndpoint(state)).start()) {
                String[] endings = {
                    "GET /ok HTTP/1.1\r\nHost: t\r\n\r\n",
                    "GET /5xx HTTP/1.1\r\nHost: t\r\n" + OriginCommands.STATUS + ": 503\r\n\r\n",
                    "GET /reset HTTP/1.1\r\nHost: t\r\n" + OriginCommands.FAIL + ": reset\r\n\r\n",
                    "GET /timeout HTTP/1.1\r\nHost: t\r\n" + OriginCommands.FAIL + ": hang\r\n\r\n",
                    "GET /mid-body HTTP/1.1\r\nHost: t\r\n" + OriginCommands.FAIL + ": close_mid_body\r\n\r\n",
                    "POST /too-big HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n800\r\n" + "x".repeat(2048)
                            + "\r\n0\r\n\r\n",
                };
                for (String request : endings) {
                    try (RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                        client.send(request);
                        try {
                            client.readResponse();
                        } catch (IOException aborted) {
                            // some endings abort the client connection; the counts are what matter
                        }
                    }
                    String line = request.substring(0, request.indexOf('\r'));
                    assertThat(waitUntil(() -> state.inFlight() == 0 && endpoint.inFlight() == 0))
                            .as("slot and in-flight count back to 0 after " + line).isTrue();
                }
            }
        }
    }

    @Test
    void clientLeavingMidResponseGivesEverythingBack() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ClusterState state = TestCluster.named("c").endpoint(origin).state();
            EndpointState endpoint = state.endpoints().getFirst();
            try (TestGateway gw = TestGateway.builder().bodyLimits(null, null)
                    .filter(TestFilters.firstEndpoint(state)).start()) {
                try (RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                    client.send("GET /big HTTP/1.1\r\nHost: t\r\n" + OriginCommands.DOWNLOAD + ": " + (100L << 20)
                            + "\r\n\r\n");
                    assertThat(client.readResponseHead().status()).isEqualTo(200);
                    assertThat(client.input().readNBytes(64 * 1024)).hasSize(64 * 1024);
                    assertThat(endpoint.inFlight()).as("counted while the download runs").isEqualTo(1);
                }
                assertThat(waitUntil(() -> origin.openConnections() == 0))
                        .as("the origin sees its connection closed, not pooled").isTrue();
                assertThat(waitUntil(() -> state.inFlight() == 0 && endpoint.inFlight() == 0)).isTrue();
                assertThat(origin.bodyBytesSent()).as("the download stopped early").isLessThan(100L << 20);
            }
        }
    }

    @Test
    void passiveHealthCountsServerErrorsAndRecoversOnSuccess() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ClusterState state = TestCluster.named("c").endpoint(origin).passiveThresholds(2, 1).state();
            EndpointState endpoint = state.endpoints().getFirst();
            try (TestGateway gw = TestGateway.builder().filter(TestFilters.firstEndpoint(state)).start();
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                String fail = "GET / HTTP/1.1\r\nHost: t\r\n" + OriginCommands.STATUS + ": 500\r\n\r\n";
                assertThat(client.send(fail).readResponse().status()).isEqualTo(500);
                assertThat(endpoint.healthy()).as("one 5xx is below passive_unhealthy_threshold 2").isTrue();
                assertThat(client.send(fail).readResponse().status()).isEqualTo(500);
                assertThat(endpoint.healthy()).as("two consecutive 5xx eject the endpoint").isFalse();
                assertThat(client.get("/").status()).isEqualTo(200);
                assertThat(endpoint.healthy()).as("passive_healthy_threshold 1: one success restores it").isTrue();
            }
        }
    }

    @Test
    void passiveHealthCountsConnectFailuresAndResets() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ClusterState state = TestCluster.named("c").endpoint(origin).passiveThresholds(2, 1)
                    .retry(0, 0, false).state();
            EndpointState endpoint = state.endpoints().getFirst();
            try (TestGateway gw = TestGateway.builder().filter(TestFilters.firstEndpoint(state)).start()) {
                for (int i = 0; i < 2; i++) {
                    try (RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                        client.send("GET / HTTP/1.1\r\nHost: t\r\n" + OriginCommands.FAIL + ": reset\r\n\r\n");
                        assertThat(client.readResponse().status()).isEqualTo(502);
                    }
                }
                assertThat(endpoint.healthy()).as("two resets eject the endpoint").isFalse();
            }
        }
        ClusterState dead = TestCluster.named("d").deadEndpoint().passiveThresholds(2, 1).retry(0, 0, false).state();
        try (TestGateway gw = TestGateway.builder().filter(TestFilters.firstEndpoint(dead)).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            assertThat(client.get("/").status()).isEqualTo(502);
            assertThat(client.get("/").status()).isEqualTo(502);
            assertThat(dead.endpoints().getFirst().healthy()).as("two refused connects eject the endpoint").isFalse();
            assertThat(dead.endpoints().getFirst().inFlight()).isZero();
        }
    }
}
