package io.jpraxis.http.server;

import static io.jpraxis.http.server.UpstreamFailureTest.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A filter that leaves a header no wire may carry (a CR or LF would split the message) is the
 * gateway's fault: the client gets 500 at once, nothing is sent on, the origin is not blamed, and
 * the exchange gives back everything it held.
 */
@Timeout(20)
class FilterHeaderErrorTest {

    @Test
    void invalidRequestHeaderFromAFilterIs500OnAFreshConnection() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ClusterState state = TestCluster.named("c").endpoint(origin).maxConnections(1).passiveThresholds(1, 1).state();
            try (TestGateway gw = TestGateway.builder()
                            .filter(TestFilters.requestHeaders(h -> h.set("x-injected", "a\r\nx-evil: 1")))
                            .filter(TestFilters.firstEndpoint(state)).start();
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.get("/");
                assertThat(response.status()).as("a filter error, answered rather than left hanging").isEqualTo(500);
                assertThat(response.bodyText()).endsWith(",\"detail\":\"internal error\"}");
                assertThat(client.get("/again").status())
                        .as("the cluster slot (max_connections 1) was given back, so no 503").isEqualTo(500);
                EndpointState endpoint = state.endpoints().getFirst();
                assertThat(waitUntil(() -> endpoint.inFlight() == 0)).as("in-flight count given back").isTrue();
                assertThat(endpoint.healthy()).as("the origin did nothing wrong").isTrue();
                assertThat(origin.requestCount()).as("nothing was sent upstream").isZero();
                assertThat(gw.gateway().metrics().internalErrors()).as("each error is counted").isEqualTo(2);
                assertThat(waitUntil(() -> gw.gateway().metrics().activeUpstreamExchanges() == 0))
                        .as("both exchanges ended").isTrue();
            }
        }
    }

    @Test
    void invalidResponseHeaderFromAFilterIs500AndDoesNotBlameTheOrigin() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ClusterState state = TestCluster.named("c").endpoint(origin).passiveThresholds(1, 1).state();
            try (TestGateway gw = TestGateway.builder()
                            .filter(TestFilters.responseHeaders(head -> head.headers().set("x-injected", "a\nb")))
                            .filter(TestFilters.firstEndpoint(state)).start();
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.get("/");
                assertThat(response.status()).as("the filter's fault, not a bad gateway").isEqualTo(500);
                assertThat(response.bodyText()).endsWith(",\"detail\":\"internal error\"}");
                EndpointState endpoint = state.endpoints().getFirst();
                assertThat(endpoint.healthy()).as("passive threshold 1: a blamed origin would be ejected").isTrue();
                assertThat(gw.gateway().metrics().upstreamFailures(UpstreamFailure.PROTOCOL_ERROR))
                        .as("the origin's answer was valid").isZero();
                assertThat(gw.gateway().metrics().internalErrors())
                        .as("the filter spoils the origin's head (logged and counted); the gateway's own 500 is not "
                                + "walked through a response hook that already ran, so it goes out as made")
                        .isEqualTo(1);
                assertThat(response.header("x-injected")).as("the spoiling hook did not run on the 500").isNull();
                assertThat(waitUntil(() -> endpoint.inFlight() == 0)).isTrue();
            }
        }
    }

    @Test
    void invalidHeaderInAFiltersOwnResponseIs500AndCounted() throws IOException {
        LocalResponse bad = new LocalResponse(200, new HeaderMap().set("x-injected", "a\r\nx-evil: 1"), new byte[0]);
        try (TestGateway gw = TestGateway.builder()
                        .filter(TestFilters.onRequest("test_bad_respond", ctx -> new FilterAction.Respond(bad))).start();
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = client.get("/");
            assertThat(response.status()).isEqualTo(500);
            assertThat(response.header("x-evil")).as("nothing injected").isNull();
            assertThat(gw.gateway().metrics().internalErrors()).as("logged and counted").isEqualTo(1);
        }
    }
}
