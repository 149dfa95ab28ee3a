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
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Cluster {@code max_connections} (see docs/behaviour/clusters.md#cluster-settings): excess
 * requests get 503 and never reach the origin.
 */
@Timeout(20)
class ClusterCapacityTest {

    @Test
    void requestBeyondMaxConnectionsIs503WithoutContactingTheOrigin() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ClusterState state = TestCluster.named("c").endpoint(origin).maxConnections(1).state();
            try (TestGateway gw = TestGateway.builder().filter(TestFilters.firstEndpoint(state)).start();
                    RawHttpConnection holder = RawHttpConnection.open(gw.port());
                    RawHttpConnection second = RawHttpConnection.open(gw.port())) {
                holder.send("GET /held HTTP/1.1\r\nHost: test\r\n" + OriginCommands.EVENTS + ": 2\r\n\r\n");
                assertThat(holder.readResponseHead().status()).as("the first request holds the only slot").isEqualTo(200);

                RawResponse refused = second.get("/refused");
                assertThat(refused.status()).isEqualTo(503);
                assertThat(refused.header("content-type")).isEqualTo("application/problem+json");
                assertThat(refused.bodyText()).as("docs/behaviour/request-lifecycle.md#error-bodies: a reason, no internal detail")
                        .endsWith(",\"detail\":\"upstream cluster at capacity\"}");
                assertThat(refused.header("retry-after")).as("only the listener cap adds Retry-After").isNull();
                assertThat(origin.requestCount()).as("the refused request never reached the origin").isEqualTo(1);
                assertThat(gw.gateway().metrics().clusterCapacityRefusals()).isEqualTo(1);

                origin.releaseHeldEvents();
                while (holder.readChunk().length > 0) {
                    // the rest of the held response
                }
                assertThat(waitUntil(() -> state.inFlight() == 0)).as("slot given back when the response ended").isTrue();
                assertThat(second.get("/again").status()).as("a freed slot serves the next request").isEqualTo(200);
            }
        }
    }

    @Test
    void refusedRequestHoldsNoEndpointCount() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ClusterState state = TestCluster.named("c").endpoint(origin).maxConnections(1).state();
            EndpointState endpoint = state.endpoints().getFirst();
            try (TestGateway gw = TestGateway.builder().filter(TestFilters.firstEndpoint(state)).start();
                    RawHttpConnection holder = RawHttpConnection.open(gw.port());
                    RawHttpConnection second = RawHttpConnection.open(gw.port())) {
                holder.send("GET / HTTP/1.1\r\nHost: test\r\n" + OriginCommands.FAIL + ": hang\r\n\r\n");
                assertThat(waitUntil(() -> origin.requestCount() == 1)).isTrue();
                assertThat(second.get("/").status()).isEqualTo(503);
                assertThat(endpoint.inFlight()).as("only the held request is in flight").isEqualTo(1);
                assertThat(state.inFlight()).isEqualTo(1);
            }
            assertThat(waitUntil(() -> state.inFlight() == 0 && endpoint.inFlight() == 0))
                    .as("gateway shutdown ends the held exchange and gives everything back").isTrue();
        }
    }
}
