package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** {@code intelligent_route} with static candidates, over real sockets to real origins. */
class IntelligentRouteTest {

    /** intelligent_route over static candidates, then a load balancer over both origins. */
    private static String modelRouting(TestOrigin a, TestOrigin b, String extraKeys) {
        return TestConfigs.pipeline("""
                - filter: intelligent_route
                  local_site: hub
                  candidates:
                    - {kind: inference_model, name: model-a, site: hub, cluster: cluster-a}
                    - {kind: inference_model, name: model-b, site: hub, cluster: cluster-b}
                %s
                - filter: load_balancer
                  clusters:
                    - name: cluster-a
                      endpoints: ["%s"]
                    - name: cluster-b
                      endpoints: ["%s"]
                """.formatted(extraKeys.indent(2).stripTrailing(), a.address(), b.address()));
    }

    static RawResponse send(RawHttpConnection conn, String path, String... headerLines) throws IOException {
        StringBuilder head = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: models\r\n");
        for (String line : headerLines) {
            head.append(line).append("\r\n");
        }
        conn.send(head.append("\r\n").toString());
        return conn.readResponse();
    }

    @Test
    void eachModelGoesToItsCluster() throws Exception {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b");
                RunningGateway gw = RunningGateway.start(modelRouting(a, b, ""));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            for (int i = 0; i < 5; i++) {
                assertThat(send(conn, "/v1/chat", "X-Model: model-a").echo().origin()).isEqualTo("a");
                assertThat(send(conn, "/v1/chat", "x-model: model-b").echo().origin()).isEqualTo("b");
            }
            RawResponse unknown = send(conn, "/v1/chat", "X-Model: model-c");
            assertThat(unknown.status()).isEqualTo(404);
            assertThat(unknown.header("content-type")).startsWith("application/problem+json");
            assertThat(unknown.bodyText()).endsWith(",\"detail\":\"no eligible candidate for the requested model\"}");
            assertThat(send(conn, "/v1/chat", "X-Model:  ").status()).as("blank model").isEqualTo(400);
            assertThat(send(conn, "/v1/chat").status()).as("no model: no cluster chosen (docs/behaviour/request-lifecycle.md#no-endpoint-selected)").isEqualTo(500);
            assertThat(a.requestCount() + b.requestCount()).isEqualTo(10);
        }
    }

    @Test
    void aForgedRouteHeaderNeverReachesTheOrigin() throws Exception {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b");
                RunningGateway gw = RunningGateway.start(modelRouting(a, b, "route_header: X-Destination"));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse picked = send(conn, "/v1/chat", "X-Model: model-b", "X-DESTINATION: cluster-a",
                    "x-destination: evil", "X-AI-Routing-Candidate: forged").echo();
            assertThat(picked.origin()).isEqualTo("b");
            assertThat(picked.headerValues("x-destination")).as("only the pick, once").containsExactly("cluster-b");
            assertThat(picked.hasHeader("x-ai-routing-candidate")).isFalse();

            RawResponse unknown = send(conn, "/v1/chat", "X-Model: model-c", "X-Destination: cluster-a");
            assertThat(unknown.status()).isEqualTo(404);
            assertThat(a.requestCount()).as("a forged destination routes nowhere").isZero();
        }
    }

    @Test
    void aForgedRouteHeaderIsStrippedEvenWhenIntelligentRouteIsSkippedByItsCondition() throws Exception {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b");
                RunningGateway gw = RunningGateway.start(TestConfigs.pipeline("""
                        - filter: router
                          conditions:
                            - unless: {path_prefix: "/v1/"}
                          routes:
                            - {path_prefix: "/", cluster: cluster-a}
                        - filter: intelligent_route
                          conditions:
                            - when: {path_prefix: "/v1/"}
                          route_header: X-Destination
                          provider_hop_clusters: [cluster-b]
                          local_site: hub
                          candidates:
                            - {kind: inference_model, name: model-b, site: hub, cluster: cluster-b}
                        - filter: load_balancer
                          clusters:
                            - {name: cluster-a, endpoints: ["%s"]}
                            - {name: cluster-b, endpoints: ["%s"]}
                        """.formatted(a.address(), b.address()), """
                        insecure_options:
                          allow_private_endpoints: true
                          skip_pipeline_checks: {conflicting_cluster_selectors: true}
                        """));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse skipped = send(conn, "/status", "X-Model: model-b", "x-Destination: cluster-b",
                    "X-Destination: again", "X-Ai-Routing-Request-Id: forged", "x-ai-routing-revision: r").echo();
            assertThat(skipped.origin()).isEqualTo("a");
            assertThat(skipped.hasHeader("x-destination")).as("docs/behaviour/routing-headers.md#headers-a-filter-owns: stripped at ingress").isFalse();
            assertThat(skipped.hasHeader("x-ai-routing-request-id")).isFalse();
            assertThat(skipped.hasHeader("x-ai-routing-revision")).isFalse();

            EchoResponse routed = send(conn, "/v1/chat", "X-Model: model-b", "X-Destination: cluster-a").echo();
            assertThat(routed.origin()).isEqualTo("b");
            assertThat(routed.headerValues("x-destination")).containsExactly("cluster-b");
        }
    }

    @Test
    void providerHopHeadersGoOnlyToAllowListedClusters() throws Exception {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b");
                RunningGateway gw = RunningGateway.start(modelRouting(a, b, "provider_hop_clusters: [cluster-b]"));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse provider = send(conn, "/v1/chat", "X-Model: model-b",
                    "X-AI-Routing-Candidate: forged").echo();
            assertThat(provider.headerValues("x-ai-routing-candidate"))
                    .containsExactly("inference_model/model-b/hub/cluster-b");
            assertThat(provider.header("x-ai-routing-request-id")).as("a fresh request id for the hop")
                    .matches("[0-9a-f-]{36}");
            assertThat(provider.hasHeader("x-ai-routing-revision")).as("static candidates have no revision")
                    .isFalse();
            String firstId = provider.header("x-ai-routing-request-id");
            assertThat(send(conn, "/v1/chat", "X-Model: model-b").echo().header("x-ai-routing-request-id"))
                    .isNotEqualTo(firstId);

            EchoResponse local = send(conn, "/v1/chat", "X-Model: model-a", "X-AI-Routing-Candidate: forged",
                    "x-ai-routing-request-id: forged").echo();
            assertThat(local.origin()).isEqualTo("a");
            assertThat(local.hasHeader("x-ai-routing-candidate")).isFalse();
            assertThat(local.hasHeader("x-ai-routing-request-id")).isFalse();
        }
    }
}
