package io.jpraxis.it;

import static io.jpraxis.it.IterativeRouterLimitsTest.IRR;
import static io.jpraxis.it.IterativeRouterLimitsTest.irr;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.filters.BuiltInFilters;
import io.jpraxis.http.admin.AdminSurface;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestOrigin;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Grafana dashboard in {@code docs/grafana/} queries only metrics a gateway exports: after a
 * failover run through an iterative_request_router, every metric name its queries read has a sample
 * on the admin {@code /metrics} (see docs/operating.md#grafana-dashboard).
 */
@Timeout(30)
class GrafanaDashboardTest {

    @Test
    void theQueriesNameMetricsOnly() {
        assertThat(GrafanaDashboard.namesIn("histogram_quantile(0.5, sum by (le, gen_ai_token_type) "
                + "(rate(jpraxis_x_bucket{gen_ai_request_model=\"b\"}[5m])))"))
                .as("metric names, not label names").containsExactly("jpraxis_x_bucket");
        assertThat(GrafanaDashboard.metricNames()).as("the dashboard has queries").hasSizeGreaterThan(5);
    }

    @Test
    void everyMetricTheDashboardQueriesIsOnMetricsAfterAFailoverRun() throws Exception {
        try (TestOrigin primary = TestOrigin.builder("primary").fixed(503, "text/plain", "busy").start();
                TestOrigin secondary = TestOrigin.start("secondary")) {
            String steps = """
                    - name: primary
                      filters:
                        - filter: router
                          routes: [{path_prefix: "/", cluster: primary_cluster}]
                        - filter: circuit_breaker
                          clusters: [{name: primary_cluster, consecutive_failures: 5, recovery_window_secs: 30}]
                        - filter: load_balancer
                          clusters: [{name: primary_cluster, endpoints: ["%s"]}]
                      on_result:
                        - {status: [503], origin: upstream, next: secondary}
                        - {default: true, done: true}
                    - name: secondary
                      filters:
                        - filter: router
                          routes: [{path_prefix: "/", cluster: secondary_cluster}]
                        - filter: load_balancer
                          clusters: [{name: secondary_cluster, endpoints: ["%s"]}]
                      on_result:
                        - {default: true, done: true}
                    """.formatted(primary.address(), secondary.address());
            String yaml = irr("127.0.0.1:0", "initial_step: primary\n", steps) + """
                    admin:
                      address: "127.0.0.1:0"
                    """;
            RuntimeServices services = RuntimeServices.system();
            FilterRegistry registry = FilterRegistry.withBuiltIns(BuiltInFilters.all());
            CompileResult result = new GatewayBuilder(IRR, services, registry).build(yaml);
            assertThat(result.diagnostics().errors()).isEmpty();
            ServingGateway gw = ServingGateway.start(result.gateway(), null, services, registry);
            try {
                try (RawHttpConnection conn = RawHttpConnection.open(gw.http().port("it"))) {
                    assertThat(conn.get("/v1/chat/completions").status()).isEqualTo(200);
                }
                String metrics = Http.get(URI.create("http://127.0.0.1:"
                        + gw.adminPort(AdminSurface.ADMIN).orElseThrow() + "/metrics")).body();
                // The gen_ai_ families come from token_count (TokenCountExampleTest checks those after its
                // stream), the jpraxis_model_ ones from model_failover (AiGatewayExampleTest, the flagship).
                assertThat(GrafanaDashboard.missingFrom(metrics).stream()
                        .filter(n -> !n.startsWith("gen_ai_") && !n.startsWith("jpraxis_model_")))
                        .as("dashboard metrics absent from:%n%s", metrics).isEmpty();
            } finally {
                gw.shutdown(Duration.ofSeconds(2));
            }
        }
    }
}
