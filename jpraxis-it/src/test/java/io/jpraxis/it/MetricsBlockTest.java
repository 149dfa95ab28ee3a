package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.filters.BuiltInFilters;
import io.jpraxis.http.admin.AdminSurface;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.testkit.TestOrigin;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The top-level {@code metrics} block as {@code serve} wires it, read back from the admin
 * listener's {@code /metrics}: hook timings per filter, a dimension left off, route templates.
 */
@Timeout(30)
class MetricsBlockTest {

    private static ServingGateway start(String yaml) {
        RuntimeServices services = RuntimeServices.system();
        FilterRegistry registry = FilterRegistry.withBuiltIns(BuiltInFilters.all());
        GatewayBuilder builder = new GatewayBuilder(FeatureSet.NONE, services, registry);
        CompileResult result = builder.build(yaml);
        assertThat(result.diagnostics().errors()).as("test config builds").isEmpty();
        return ServingGateway.start(result.gateway(), null, services, registry, builder.filterDurations());
    }

    private static String config(TestOrigin origin, String metrics) {
        return TestConfigs.pipeline("""
                - filter: headers
                  response_set: [{name: x-via, value: jpraxis}]
                - filter: router
                  routes:
                    - path_prefix: "/"
                      cluster: backend
                - filter: load_balancer
                  clusters:
                    - name: backend
                      endpoints: ["%s"]
                """.formatted(origin.address()), """
                admin:
                  address: "127.0.0.1:0"
                """ + metrics);
    }

    private static String scrape(ServingGateway gw, List<String> paths) {
        for (String path : paths) {
            URI traffic = URI.create("http://127.0.0.1:" + gw.http().port("it") + path);
            assertThat(Http.get(traffic).statusCode()).isEqualTo(200);
        }
        return Http.get(URI.create("http://127.0.0.1:" + gw.adminPort(AdminSurface.ADMIN).orElseThrow() + "/metrics"))
                .body();
    }

    /** The value of the one sample line matching {@code regex}; fails when there is none. */
    private static double sample(String metrics, String regex) {
        Matcher m = Pattern.compile("(?m)^" + regex + " ([0-9.E+-]+)$").matcher(metrics);
        assertThat(m.find()).as("a sample matching %s in:%n%s", regex, metrics).isTrue();
        return Double.parseDouble(m.group(1));
    }

    @Test
    void filterDurationTimesEveryHookOfEveryFilterPerPhaseAndStream() {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ServingGateway gw = start(config(origin, """
                    metrics:
                      filter_duration: true
                    """));
            try {
                String metrics = scrape(gw, List.of("/a", "/b", "/c"));

                assertThat(sample(metrics, "jpraxis_filter_duration_seconds_count\\{filter=\"router\",phase=\"request\","
                        + "stream=\"headers\"}")).as("the router's request hook, once per request").isEqualTo(3);
                assertThat(sample(metrics, "jpraxis_filter_duration_seconds_count\\{filter=\"headers\",phase=\"response\","
                        + "stream=\"headers\"}")).as("the headers filter's response hook").isEqualTo(3);
                assertThat(sample(metrics, "jpraxis_filter_duration_seconds_bucket\\{filter=\"router\",phase=\"request\","
                        + "stream=\"headers\",le=\"1\\.0\"}")).as("buckets up to a second").isEqualTo(3);
            } finally {
                gw.shutdown(Duration.ofSeconds(2));
            }
        }
    }

    @Test
    void withoutTheBlockNoHookIsTimed() {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ServingGateway gw = start(config(origin, ""));
            try {
                String metrics = scrape(gw, List.of("/a"));

                assertThat(metrics).as("filter_duration defaults to off").doesNotContain("jpraxis_filter_duration");
                assertThat(sample(metrics, "jpraxis_requests_total\\{cluster=\"backend\",listener=\"it\",route=\"/\","
                        + "status=\"200\"}")).isEqualTo(1);
            } finally {
                gw.shutdown(Duration.ofSeconds(2));
            }
        }
    }

    @Test
    void routeTemplatesNameTheRouteAndADisabledDimensionIsLeftOff() {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ServingGateway gw = start(config(origin, """
                    metrics:
                      labels:
                        disabled: [cluster]
                      route_templates: ["/users/{id}", "/users/{id}/posts"]
                    """));
            try {
                String metrics = scrape(gw, List.of("/users/42", "/users/7", "/users/7/posts", "/health"));

                assertThat(sample(metrics, "jpraxis_requests_total\\{listener=\"it\",route=\"/users/\\{id}\","
                        + "status=\"200\"}")).as("two ids, one series").isEqualTo(2);
                assertThat(sample(metrics, "jpraxis_requests_total\\{listener=\"it\",route=\"/users/\\{id}/posts\","
                        + "status=\"200\"}")).isEqualTo(1);
                assertThat(sample(metrics, "jpraxis_requests_total\\{listener=\"it\",route=\"/\",status=\"200\"}"))
                        .as("no template: the router's route").isEqualTo(1);
                assertThat(metrics).as("cluster is off on the request series")
                        .doesNotContainPattern("jpraxis_requests_total\\{[^}]*cluster=");
            } finally {
                gw.shutdown(Duration.ofSeconds(2));
            }
        }
    }
}
