package io.jpraxis.http.server;

import static io.jpraxis.http.server.UpstreamFailureTest.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.TestOrigin;
import io.netty.handler.codec.http2.Http2Error;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A stream the HTTP/2 codec finds malformed after its exchange started (RFC 9113 8.1.1) is reset
 * with PROTOCOL_ERROR, and its exchange is ended at once: the upstream connection, the cluster slot
 * and the endpoint's in-flight count come back without waiting for an upstream timeout.
 */
@Timeout(30)
class Http2MalformedStreamTest {

    @Test
    void bodyShorterThanItsContentLengthResetsTheStreamAndGivesTheUpstreamBack() {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ClusterState state = TestCluster.named("c").endpoint(origin).state();
            EndpointState endpoint = state.endpoints().getFirst();
            try (TestGateway gw = TestGateway.builder().filter(TestFilters.firstEndpoint(state)).start();
                    H2cClient client = H2cClient.connect(gw.port())) {
                var headers = H2cClient.headers("POST", "/upload").add("content-length", "100000");
                // Netty checks the length at END_STREAM; the exchange started (and took its slot) with HEADERS.
                H2Response response = H2cClient.await(client.send(headers, 50_000));

                assertThat(waitUntil(() -> state.inFlight() == 0 && endpoint.inFlight() == 0))
                        .as("slot and in-flight count come back now, not after the 60 s upstream read timeout")
                        .isTrue();
                assertThat(waitUntil(() -> origin.openConnections() == 0))
                        .as("the upstream connection with a half-sent body is closed, not pooled").isTrue();
                assertThat(response.resetCode()).as("malformed: a stream error of type PROTOCOL_ERROR (RFC 9113 8.1.1)")
                        .isEqualTo(Http2Error.PROTOCOL_ERROR.code());
                assertThat(H2cClient.await(client.get("/after")).status()).as("only the stream failed").isEqualTo(200);
            }
        }
    }

    @Test
    void pathThatIsNotOriginFormIsAStreamError() {
        try (TestOrigin origin = TestOrigin.start("o");
                TestGateway gw = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin))
                        .start();
                H2cClient client = H2cClient.connect(gw.port())) {
            // RFC 9113 8.3.1: :path is origin-form, or "*" for OPTIONS; the authority is :authority's alone.
            H2Response absolute = H2cClient.await(client.send(H2cClient.headers("GET", "http://other.example/a"), 0));
            assertThat(absolute.resetCode()).as("absolute-form :path is malformed")
                    .isEqualTo(Http2Error.PROTOCOL_ERROR.code());
            H2Response asterisk = H2cClient.await(client.send(H2cClient.headers("GET", "*"), 0));
            assertThat(asterisk.resetCode()).as("'*' only with OPTIONS").isEqualTo(Http2Error.PROTOCOL_ERROR.code());
            assertThat(origin.requestCount()).as("neither reached the origin").isZero();
            assertThat(gw.gateway().metrics().snapshot()).containsEntry("malformed_requests", 2L);
            assertThat(H2cClient.await(client.send(H2cClient.headers("OPTIONS", "*"), 0)).status())
                    .as("OPTIONS * is a request like any other").isEqualTo(200);
        }
    }
}
