package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.filters.BuiltInFilters;
import io.jpraxis.http.admin.AdminSurface;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The admin listener as {@code serve} wires it: real meters, real cluster states, the dump renderer. */
@Timeout(30)
class AdminListenerTest {
    private static final String SECRET = "sk-live-0123456789";

    private static ServingGateway start(String yaml) {
        List<FilterFactory<?>> types = new ArrayList<>(BuiltInFilters.all());
        types.add(new SecretTokenFactory());
        RuntimeServices services = RuntimeServices.system();
        FilterRegistry registry = FilterRegistry.withBuiltIns(types);
        CompileResult result = new GatewayBuilder(FeatureSet.NONE, services, registry).build(yaml);
        assertThat(result.diagnostics().errors()).as("test config builds").isEmpty();
        return ServingGateway.start(result.gateway(), services, registry);
    }

    private static String config(TestOrigin origin, String admin) {
        return TestConfigs.pipeline("""
                - filter: %s
                  api_key: "%s"
                - filter: router
                  routes:
                    - path_prefix: "/"
                      cluster: backend
                - filter: load_balancer
                  clusters:
                    - name: backend
                      endpoints: ["%s"]
                """.formatted(SecretTokenFactory.TYPE, SECRET, origin.address()), admin);
    }

    private static HttpResponse<String> admin(ServingGateway gw, AdminSurface surface, String path) {
        return Http.get(URI.create("http://127.0.0.1:" + gw.adminPort(surface).orElseThrow() + path));
    }

    @Test
    void servesProbesMetricsAndTheRedactedConfigOfTheRunningGateway() {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ServingGateway gw = start(config(origin, """
                    admin:
                      address: "127.0.0.1:0"
                      metrics_address: "127.0.0.1:0"
                    """));
            try {
                URI traffic = URI.create("http://127.0.0.1:" + gw.http().port("it") + "/x");
                for (int i = 0; i < 3; i++) {
                    assertThat(Http.get(traffic).statusCode()).isEqualTo(200);
                }

                assertThat(admin(gw, AdminSurface.ADMIN, "/healthy").body()).isEqualTo("{\"status\":\"ok\"}");
                HttpResponse<String> ready = admin(gw, AdminSurface.ADMIN, "/ready");
                assertThat(ready.statusCode()).isEqualTo(200);
                assertThat(ready.body()).contains("{\"name\":\"backend\",\"healthy_endpoints\":1,\"total_endpoints\":1");

                HttpResponse<String> metrics = admin(gw, AdminSurface.METRICS, "/metrics");
                assertThat(metrics.statusCode()).isEqualTo(200);
                assertThat(counter(metrics.body(), "jpraxis_edge_requests_total"))
                        .as("the edge's request counter, scraped from the Prometheus registry").isEqualTo(3.0);

                String dumped = admin(gw, AdminSurface.ADMIN, "/config").body();
                assertThat(dumped).as("the effective config").contains("name: backend").contains("admin:")
                        .contains("api_key: \"[REDACTED]\"").doesNotContain(SECRET);
                assertThat(admin(gw, AdminSurface.METRICS, "/config").statusCode())
                        .as("/config is not on the metrics address").isEqualTo(404);
            } finally {
                gw.shutdown(Duration.ofSeconds(2));
            }
        }
    }

    private static double counter(String scrape, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + "(?:\\{[^}]*})? ([0-9.Ee+-]+)$").matcher(scrape);
        assertThat(m.find()).as(name + " in\n" + scrape).isTrue();
        return Double.parseDouble(m.group(1));
    }

    @Test
    void adminBindFailureNamesTheAddressAndReleasesTheListener() throws IOException {
        int listenerPort = TestOrigin.unusedPort();
        try (TestOrigin origin = TestOrigin.start("o");
                ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            String yaml = config(origin, "admin:\n  address: \"127.0.0.1:" + taken.getLocalPort() + "\"\n")
                    .replace("127.0.0.1:0", "127.0.0.1:" + listenerPort);
            assertThatThrownBy(() -> start(yaml)).isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("admin.address: cannot bind 127.0.0.1:" + taken.getLocalPort());
            try (ServerSocket again = new ServerSocket(listenerPort, 1, java.net.InetAddress.getLoopbackAddress())) {
                assertThat(again.getLocalPort()).as("the traffic listener was unbound").isEqualTo(listenerPort);
            }
        }
    }
}
