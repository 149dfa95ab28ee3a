package io.jpraxis.it;

import static io.jpraxis.it.IntelligentRouteTest.send;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import io.netty.handler.codec.http2.Http2Headers;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A client's copy of {@code route_header} or of the provider-hop headers never reaches an origin,
 * on every path through {@code intelligent_route} (pick, preset cluster, no model, failure_mode
 * open, a second pass, HTTP/2), and a decision the gateway made is never lost on the way (see
 * docs/behaviour/routing-headers.md#the-route-header,
 * docs/behaviour/routing-headers.md#headers-a-filter-owns).
 */
class RouteHeaderSpoofingTest {
    private TestOrigin a;
    private TestOrigin b;

    @BeforeEach
    void origins() {
        a = TestOrigin.start("a");
        b = TestOrigin.start("b");
    }

    @AfterEach
    void stop() {
        a.close();
        b.close();
    }

    private static FilterRegistry registry() {
        List<FilterFactory<?>> types = new ArrayList<>(GatewayFilters.all());
        types.add(new ClusterSetterFactory());
        return FilterRegistry.withBuiltIns(types);
    }

    private String balancer() {
        return """
                - filter: load_balancer
                  clusters:
                    - {name: cluster-a, endpoints: ["%s"]}
                    - {name: cluster-b, endpoints: ["%s"]}
                """.formatted(a.address(), b.address());
    }

    private static String route(String extraKeys) {
        return """
                - filter: intelligent_route
                  route_header: X-Destination
                  provider_hop_clusters: [cluster-b]
                  local_site: hub
                  candidates:
                    - {kind: inference_model, name: model-a, site: hub, cluster: cluster-a}
                    - {kind: inference_model, name: model-b, site: hub, cluster: cluster-b}
                """ + extraKeys.indent(2);
    }

    @Test
    void aPresetClusterPassesThroughWithTheForgedCopiesStrippedAndNoDecisionEmitted() throws Exception {
        try (RunningGateway gw = RunningGateway.start(TestConfigs.pipeline("""
                - filter: test_set_cluster
                  cluster: cluster-a
                """ + route("") + balancer()), registry());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse echo = send(conn, "/v1/chat", "X-Model: model-b", "x-destination: cluster-b",
                    "X-DESTINATION: evil", "X-AI-Routing-Candidate: forged", "x-ai-routing-request-id: forged").echo();
            assertThat(echo.origin()).as("the preset cluster wins").isEqualTo("a");
            assertThat(echo.hasHeader("x-destination")).as("docs/behaviour/routing-headers.md#the-route-header: a preset pass-through only strips")
                    .isFalse();
            assertThat(echo.hasHeader("x-ai-routing-candidate")).isFalse();
            assertThat(echo.hasHeader("x-ai-routing-request-id")).isFalse();
        }
    }

    @Test
    void withoutAModelTheForgedCopiesAreStrippedWhateverRoutesTheRequest() throws Exception {
        try (RunningGateway gw = RunningGateway.start(TestConfigs.pipeline(route("") + """
                - filter: test_set_cluster
                  conditions:
                    - unless: {headers_present: [x-model]}
                  cluster: cluster-a
                """ + balancer()), registry());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse echo = send(conn, "/v1/models", "X-Destination: cluster-b", "x-destination: again",
                    "X-Ai-Routing-Revision: forged").echo();
            assertThat(echo.origin()).isEqualTo("a");
            assertThat(echo.hasHeader("x-destination")).isFalse();
            assertThat(echo.hasHeader("x-ai-routing-revision")).isFalse();
        }
    }

    @Test
    void rejectedRequestsReachNoOrigin() throws Exception {
        try (RunningGateway gw = RunningGateway.start(TestConfigs.pipeline(route("failure_mode: open") + balancer()));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse unknown = send(conn, "/v1/chat", "X-Model: model-z", "X-Destination: cluster-a");
            assertThat(unknown.status()).as("failure_mode open does not turn a decision into a pass").isEqualTo(404);
            assertThat(unknown.bodyText()).endsWith(",\"detail\":\"no eligible candidate for the requested model\"}");
            RawResponse blank = send(conn, "/v1/chat", "X-Model: \t", "X-Destination: cluster-a");
            assertThat(blank.status()).isEqualTo(400);
            assertThat(blank.header("content-type")).startsWith("application/problem+json");
            assertThat(a.requestCount() + b.requestCount()).isZero();
        }
    }

    @Test
    void overHttp2DuplicatedMixedCaseCopiesNeverReachTheOrigin() throws Exception {
        try (RunningGateway gw = RunningGateway.start(TestConfigs.pipeline(route("") + balancer()));
                H2cClient client = H2cClient.connect(gw.port())) {
            // HTTP/2 field names are lower case on the wire (RFC 9113 8.2.1); the client sends them as given.
            Http2Headers picked = H2cClient.headers("GET", "/v1/chat").add("x-model", "model-a")
                    .add("x-destination", "cluster-b").add("x-destination", "evil")
                    .add("x-ai-routing-candidate", "forged");
            H2Response response = H2cClient.await(client.send(picked, 0));
            assertThat(response.status()).isEqualTo(200);
            EchoResponse echo = response.echo();
            assertThat(echo.origin()).isEqualTo("a");
            assertThat(echo.headerValues("x-destination")).as("only the pick, once").containsExactly("cluster-a");
            assertThat(echo.hasHeader("x-ai-routing-candidate")).as("cluster-a is no provider hop").isFalse();

            Http2Headers unrouted = H2cClient.headers("GET", "/v1/chat").add("x-model", "model-b")
                    .add("x-ai-routing-candidate", "forged").add("x-destination", "cluster-a");
            EchoResponse hop = H2cClient.await(client.send(unrouted, 0)).echo();
            assertThat(hop.origin()).isEqualTo("b");
            assertThat(hop.headerValues("x-ai-routing-candidate")).containsExactly(
                    "inference_model/model-b/hub/cluster-b");
            assertThat(hop.headerValues("x-destination")).containsExactly("cluster-b");
        }
    }

    @Test
    void aSecondIntelligentRouteKeepsTheFirstOnesDecision() throws Exception {
        // One entry for tools, one for models: the second sees a preset cluster and must not undo the first's pick.
        try (RunningGateway gw = RunningGateway.start(TestConfigs.pipeline(route("") + route("") + balancer()));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse echo = send(conn, "/v1/chat", "X-Model: model-b", "X-Destination: cluster-a").echo();
            assertThat(echo.origin()).isEqualTo("b");
            assertThat(echo.headerValues("x-destination")).as("the pick's decision is still carried")
                    .containsExactly("cluster-b");
            assertThat(echo.headerValues("x-ai-routing-candidate")).as("and so is the provider-hop context")
                    .containsExactly("inference_model/model-b/hub/cluster-b");
            assertThat(echo.header("x-ai-routing-request-id")).isNotBlank();
        }
    }

    @Test
    void aSecondPassThroughTheSameEntryKeepsItsDecision() throws Exception {
        try (RunningGateway gw = RunningGateway.start(TestConfigs.pipeline(route("""
                name: pick
                branch_chains:
                  - name: again
                    rejoin: pick
                    max_iterations: 2
                    chains:
                      - name: tag
                        filters:
                          - filter: headers
                            request_add: [{name: x-pass, value: "1"}]
                """) + balancer()));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse echo = send(conn, "/v1/chat", "X-Model: model-b", "X-Destination: cluster-a").echo();
            assertThat(echo.origin()).isEqualTo("b");
            assertThat(String.join(", ", echo.headerValues("x-pass"))).as("the entry ran more than once").contains(",");
            assertThat(echo.headerValues("x-destination")).containsExactly("cluster-b");
            assertThat(echo.headerValues("x-ai-routing-candidate")).containsExactly(
                    "inference_model/model-b/hub/cluster-b");
        }
    }
}
