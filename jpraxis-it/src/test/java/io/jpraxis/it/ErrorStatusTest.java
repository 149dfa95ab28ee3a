package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * The local statuses (see docs/behaviour/request-lifecycle.md#local-statuses,
 * docs/behaviour/request-lifecycle.md#no-endpoint-selected,
 * docs/behaviour/routing-headers.md#reserved-header-prefixes,
 * docs/behaviour/request-lifecycle.md#error-bodies), produced by real requests on real sockets.
 */
class ErrorStatusTest {
    private static String routerTo(String cluster, String lbClusters) {
        return TestConfigs.pipeline("""
                - filter: router
                  routes:
                    - path_prefix: "/known"
                      cluster: %s
                %s
                """.formatted(cluster, lbClusters));
    }

    /** A router sending {@code /known} to {@code routedCluster}, and a load balancer declaring only {@code c}. */
    private static String routerToOrigin(String routedCluster, TestOrigin origin) {
        return routerTo(routedCluster, """
                - filter: load_balancer
                  clusters:
                    - name: c
                      endpoints: ["%s"]
                """.formatted(origin.address()));
    }

    @Test
    void unmatchedRouteIs404WithJsonError() {
        try (TestOrigin origin = TestOrigin.start("o");
                RunningGateway gw = RunningGateway.start(routerToOrigin("c", origin))) {
            HttpResponse<String> response = Http.get(gw.uri("/unknown"));
            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(response.headers().firstValue("content-type")).hasValue("application/problem+json");
            assertThat(response.body()).startsWith("{\"type\":\"about:blank\",");
            assertThat(response.headers().firstValue("x-request-id")).as("errors carry the request id").isPresent();
            assertThat(origin.requestCount()).isZero();
        }
    }

    @Test
    void reservedClientHeaderIs400BeforeThePipeline() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o");
                RunningGateway gw = RunningGateway.start(routerToOrigin("c", origin));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            conn.send("GET /known HTTP/1.1\r\nHost: t\r\nX-Praxis-Model: gpt-spoof\r\n\r\n");
            RawResponse response = conn.readResponse();
            assertThat(response.status()).isEqualTo(400);
            assertThat(new String(response.body())).contains("x-praxis-model");
            assertThat(origin.requestCount()).as("a refused request never reaches the origin").isZero();
        }
    }

    @Test
    void malformedRequestIs400() throws Exception {
        try (RunningGateway gw = RunningGateway.start(TestConfigs.pipeline("""
                - filter: static_response
                  status: 200
                """));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            conn.send("GET /x HTTP/1.1\r\nHost: t\r\nBad Header Name: v\r\n\r\n");
            assertThat(conn.readResponse().status()).isEqualTo(400);
        }
    }

    @Test
    void routerWithoutLoadBalancerIs500NoUpstream() {
        try (RunningGateway gw = RunningGateway.start(routerTo("c", ""))) {
            HttpResponse<String> response = Http.get(gw.uri("/known"));
            assertThat(response.statusCode()).as("docs/behaviour/request-lifecycle.md#no-endpoint-selected: no endpoint selected").isEqualTo(500);
            assertThat(response.body()).contains("\"detail\"");
        }
    }

    @Test
    void closedFilterFailureIs500WithoutInternalDetail() {
        // The misaligned_clusters check refuses this config at load; with it skipped, the runtime backstop answers.
        String skip = "insecure_options:\n  skip_pipeline_checks: {misaligned_clusters: true}\n";
        try (TestOrigin origin = TestOrigin.start("o");
                RunningGateway gw = RunningGateway.start(
                        routerToOrigin("not_declared", origin).replace("insecure_options:\n", skip))) {
            HttpResponse<String> response = Http.get(gw.uri("/known"));
            assertThat(response.statusCode()).isEqualTo(500);
            assertThat(response.body()).doesNotContain("not_declared").doesNotContain(origin.address());
        }
    }

    @Test
    void upstreamDownIs502() {
        int dead = TestOrigin.unusedPort();
        try (RunningGateway gw = RunningGateway.start(routerTo("c", """
                - filter: load_balancer
                  clusters:
                    - name: c
                      connection_timeout_ms: 2000
                      endpoints: ["127.0.0.1:%d"]
                """.formatted(dead)))) {
            HttpResponse<String> response = Http.get(gw.uri("/known"));
            assertThat(response.statusCode()).isEqualTo(502);
            assertThat(response.body()).doesNotContain(String.valueOf(dead)).as("no upstream address leaks");
        }
    }

    @Test
    void upstreamClosingWithoutResponseIs502() {
        try (TestOrigin origin = TestOrigin.builder("o").failing(TestOrigin.Failure.CLOSE_WITHOUT_RESPONSE).start();
                RunningGateway gw = RunningGateway.start(routerToOrigin("c", origin))) {
            assertThat(Http.get(gw.uri("/known")).statusCode()).isEqualTo(502);
        }
    }

    @Test
    void hostNameResolvingToLoopbackIsRefusedUnlessPrivateUpstreamsAreAllowed() {
        try (TestOrigin origin = TestOrigin.start("o")) {
            String byName = "localhost:" + origin.port();
            try (RunningGateway gw = RunningGateway.start(TestConfigs.proxyTo(byName, ""))) {
                HttpResponse<String> refused = Http.get(gw.uri("/"));
                assertThat(refused.statusCode()).as("docs/behaviour/config-loading.md#insecure-options: DNS answer in loopback range").isEqualTo(502);
                assertThat(refused.body()).doesNotContain("localhost").doesNotContain("127.0.0.1");
            }
            try (RunningGateway gw = RunningGateway.start(TestConfigs.proxyTo(byName, """
                    insecure_options:
                      allow_private_endpoints: true
                      allow_private_upstreams: true
                    """))) {
                assertThat(Http.get(gw.uri("/")).statusCode()).isEqualTo(200);
            }
            assertThat(origin.requestCount()).as("only the allowed request arrived").isEqualTo(1);
        }
    }
}
