package io.jpraxis.http.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.MetricsConfig;
import io.jpraxis.config.model.MetricsConfig.MetricLabel;
import io.jpraxis.config.model.RouteTemplate;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code metrics.labels.disabled} and {@code metrics.route_templates} on the request series. */
class RequestMetricsLabelsTest {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    private static RequestContext request(String path, String route, String cluster) {
        RequestContext ctx = new RequestContext("main", "GET", RequestPath.of(path), null, "http",
                new InetSocketAddress("127.0.0.1", 1), new HeaderMap(), "id", Instant.EPOCH);
        ctx.route(route);
        ctx.cluster(cluster);
        return ctx;
    }

    private static RouteTemplate template(String text, String... segments) {
        return new RouteTemplate(text, Arrays.asList(segments));
    }

    private List<String> tagKeys() {
        Meter counter = registry.find("jpraxis.requests").counter();
        return counter.getId().getTags().stream().map(Tag::getKey).toList();
    }

    @Test
    void aDisabledDimensionIsLeftOffAndItsValuesShareOneSeries() {
        RequestMetrics metrics = new RequestMetrics(registry,
                new MetricsConfig(false, Set.of(MetricLabel.CLUSTER, MetricLabel.STATUS_CLASS), List.of()));
        metrics.record("main", request("/a", "/a", "c1"), 200, 1);
        metrics.record("main", request("/a", "/a", "c2"), 503, 1);

        assertThat(tagKeys()).as("cluster and status are off; listener and route stay")
                .containsExactlyInAnyOrder("listener", "route");
        assertThat(registry.find("jpraxis.requests").counters()).as("two clusters, two statuses: one series")
                .hasSize(1);
        assertThat(registry.find("jpraxis.requests").counter().count()).isEqualTo(2);
        assertThat(registry.find("jpraxis.request.duration").timer().getId().getTag("cluster"))
                .as("the timer drops it too").isNull();
    }

    @Test
    void theFirstMatchingTemplateNamesTheRouteElseTheRoutersRoute() {
        RequestMetrics metrics = new RequestMetrics(registry, new MetricsConfig(false, Set.of(), List.of(
                template("/users/{id}", "users", null), template("/users/{id}/{x}", "users", null, null),
                template("/users/me", "users", "me"))));
        metrics.record("main", request("/users/42", "/", "c"), 200, 1);
        metrics.record("main", request("/users/7", "/", "c"), 200, 1);
        metrics.record("main", request("/users/me", "/", "c"), 200, 1);
        metrics.record("main", request("/users/7/posts", "/", "c"), 200, 1);
        metrics.record("main", request("/orders/7", "/", "c"), 200, 1);

        assertThat(registry.find("jpraxis.requests").tag("route", "/users/{id}").counter().count())
                .as("two ids and /users/me (the earlier template wins) in one series").isEqualTo(3);
        assertThat(registry.find("jpraxis.requests").tag("route", "/users/{id}/{x}").counter().count())
                .as("a template matches only paths with as many segments").isEqualTo(1);
        assertThat(registry.find("jpraxis.requests").tag("route", "/").counter().count())
                .as("no template: the router's route, never the raw path").isEqualTo(1);
        assertThat(registry.find("jpraxis.requests").tag("route", "/users/me").counter()).isNull();
    }

    @Test
    void everyDimensionOffStillCounts() {
        RequestMetrics metrics = new RequestMetrics(registry, new MetricsConfig(false,
                Set.of(MetricLabel.values()), List.of()));
        metrics.record("main", request("/a", "/a", "c"), 200, 1);
        metrics.record("other", request("/b", "/b", "d"), 404, 1);

        assertThat(tagKeys()).isEmpty();
        assertThat(registry.find("jpraxis.requests").counter().count()).isEqualTo(2);
    }
}
