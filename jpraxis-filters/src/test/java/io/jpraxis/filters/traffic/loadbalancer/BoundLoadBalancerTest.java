package io.jpraxis.filters.traffic.loadbalancer;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.buildContext;
import static io.jpraxis.filters.testing.FilterFixtures.declarationOf;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.binding.BindingState;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.upstream.Endpoint;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code load_balancer} with {@code cluster_source: bound_upstream} (see
 * docs/reference/filters/load_balancer.md#what-it-does, docs/behaviour/binding.md#consumers).
 */
class BoundLoadBalancerTest {
    private static final String BOUND = """
            cluster_source: bound_upstream
            clusters:
              - name: openai
                http: {application_protocol: openai_responses, application_provider: openai}
                endpoints: ["openai-1.example.net:443", "openai-2.example.net:443"]
              - name: users
                load_balancer_strategy: {consistent_hash: {header: x-user-id}}
                endpoints: ["u-1.example.net:80", "u-2.example.net:80", "u-3.example.net:80"]
            """;

    private static HttpFilter balancer() {
        return build(new LoadBalancerFactory(), BOUND, buildContext(FeatureSet.of(Feature.UPSTREAM_BINDING)))
                .accepted();
    }

    private static RequestContext boundTo(String cluster) {
        RequestContext ctx = request("/");
        BindingState.of(ctx).publish(cluster, ClusterTags.NONE);
        BindingState.of(ctx).freeze();
        return ctx;
    }

    private static String failure(FilterAction action) {
        assertThat(action).isInstanceOf(FilterAction.Fail.class);
        return ((FilterAction.Fail) action).detail();
    }

    @Test
    void seedsTheClusterFromTheBindingAndPicksWithItsStrategy() {
        HttpFilter lb = balancer();
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i < 10; i++) {
            RequestContext ctx = boundTo("openai");
            assertThat(lb.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
            assertThat(ctx.cluster()).as("ctx.cluster seeded from the binding").isEqualTo("openai");
            assertThat(ctx.upstream().cluster().name()).isEqualTo("openai");
            counts.merge(ctx.upstream().endpoint().address(), 1, Integer::sum);
        }
        assertThat(counts).as("round robin, the cluster's default strategy")
                .containsEntry("openai-1.example.net:443", 5).containsEntry("openai-2.example.net:443", 5);
    }

    @Test
    void aBoundConsistentHashClusterKeepsAKeyOnOneEndpoint() {
        HttpFilter lb = balancer();
        for (String user : new String[] {"alice", "bob", "carol"}) {
            Endpoint home = null;
            for (int i = 0; i < 8; i++) {
                RequestContext ctx = boundTo("users");
                ctx.headers().add("x-user-id", user);
                lb.onRequest(ctx);
                home = home == null ? ctx.upstream().endpoint() : home;
                assertThat(ctx.upstream().endpoint()).as("%s sticks to one endpoint", user).isEqualTo(home);
            }
        }
    }

    @Test
    void aMatchingExchangeClusterIsFine() {
        RequestContext ctx = boundTo("openai");
        ctx.cluster("openai");
        assertThat(balancer().onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.upstream()).isNotNull();
    }

    @Test
    void nothingBoundFailsClosed() {
        RequestContext ctx = request("/");
        ctx.cluster("openai"); // a router's choice does not count: this balancer reads only the binding
        assertThat(failure(balancer().onRequest(ctx))).contains("nothing is bound");
        assertThat(ctx.upstream()).isNull();
    }

    @Test
    void aBoundClusterItDoesNotDeclareFailsClosedNamingIt() {
        RequestContext ctx = boundTo("payments");
        assertThat(failure(balancer().onRequest(ctx))).contains("'payments'").contains("one of openai, users");
        assertThat(ctx.upstream()).isNull();
        assertThat(ctx.cluster()).as("not seeded").isNull();
    }

    @Test
    void aDisagreeingExchangeClusterFailsClosed() {
        RequestContext ctx = boundTo("openai");
        ctx.cluster("users");
        assertThat(failure(balancer().onRequest(ctx))).contains("'users'").contains("'openai'");
        assertThat(ctx.cluster()).as("left as it was").isEqualTo("users");
        assertThat(ctx.upstream()).isNull();
    }

    @Test
    void declaresItsClustersTagsForTheCatalog() {
        assertThat(declarationOf(balancer()).clusters().declaredTags()).containsExactly(
                Map.entry("openai", new ClusterTags("openai_responses", "openai")),
                Map.entry("users", ClusterTags.NONE));
    }
}
