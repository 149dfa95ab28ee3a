package io.jpraxis.filters.traffic.loadbalancer;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.declarationOf;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.UnreadableRequest;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.core.upstream.UpstreamTarget;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadBalancerFilterTest {
    private static final String TWO_CLUSTERS = """
            clusters:
              - name: api
                endpoints:
                  - address: "api-1.example.net:8080"
                    weight: 3
                  - "api-2.example.net:8080"
              - name: web
                endpoints: ["web-1.example.net:80"]
            """;

    private static HttpFilter balancer() {
        return build(new LoadBalancerFactory(), TWO_CLUSTERS).accepted();
    }

    private static RequestContext routedTo(String cluster) {
        RequestContext ctx = request("/");
        ctx.cluster(cluster);
        return ctx;
    }

    @Test
    void picksFromTheRoutedClusterWithItsWeights() {
        HttpFilter lb = balancer();
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i < 400; i++) {
            RequestContext ctx = routedTo("api");
            assertThat(lb.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
            UpstreamTarget target = ctx.upstream();
            assertThat(target.cluster().name()).as("the target carries the routed cluster's settings").isEqualTo("api");
            counts.merge(target.endpoint().address(), 1, Integer::sum);
        }
        assertThat(counts).as("3:1 weights over 400 picks")
                .containsEntry("api-1.example.net:8080", 300).containsEntry("api-2.example.net:8080", 100);
    }

    @Test
    void skipsAnEndpointItsHealthStateEjected() {
        HttpFilter lb = build(new LoadBalancerFactory(), """
                clusters:
                  - name: api
                    load_balancer_strategy: least_connections
                    endpoints: ["api-1.example.net:8080", "api-2.example.net:8080"]
                    health_check: {type: tcp, unhealthy_threshold: 2}
                """).accepted();
        RequestContext first = routedTo("api");
        lb.onRequest(first);
        EndpointState ejected = first.upstream().endpointState();
        ejected.recordProbe(false);
        ejected.recordProbe(false);

        for (int i = 0; i < 50; i++) {
            RequestContext ctx = routedTo("api");
            lb.onRequest(ctx);
            assertThat(ctx.upstream().endpointState()).as("two failed probes ejected %s", ejected.endpoint())
                    .isNotSameAs(ejected);
        }
    }

    @Test
    void consistentHashKeepsAHeaderValueOnOneEndpoint() {
        HttpFilter lb = build(new LoadBalancerFactory(), """
                clusters:
                  - name: api
                    load_balancer_strategy: {consistent_hash: {header: x-user-id}}
                    endpoints: ["api-1.example.net:8080", "api-2.example.net:8080", "api-3.example.net:8080"]
                """).accepted();
        for (String user : new String[] {"alice", "bob", "carol", "dave"}) {
            Endpoint home = null;
            for (int i = 0; i < 10; i++) {
                RequestContext ctx = routedTo("api");
                ctx.headers().add("x-user-id", user);
                lb.onRequest(ctx);
                home = home == null ? ctx.upstream().endpoint() : home;
                assertThat(ctx.upstream().endpoint()).as("%s sticks to one endpoint", user).isEqualTo(home);
            }
        }
    }

    @Test
    void eachClusterUsesItsOwnEndpoints() {
        HttpFilter lb = balancer();
        RequestContext ctx = routedTo("web");
        lb.onRequest(ctx);
        assertThat(ctx.upstream().endpoint()).isEqualTo(new Endpoint("web-1.example.net", 80, 1));
    }

    @Test
    void anUpstreamChosenEarlierIsLeftAlone() {
        HttpFilter lb = balancer();
        RequestContext ctx = routedTo("api");
        ClusterConfig other = ((LoadBalancerConfig) lb.config()).clusters().get(1);
        UpstreamTarget preset = UpstreamTarget.detached(other, new Endpoint("pinned.example.net", 9000, 1));
        ctx.upstream(preset);
        assertThat(lb.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.upstream()).as("upstream not overwritten").isSameAs(preset);
        assertThat(ctx.cluster()).as("cluster not overwritten").isEqualTo("api");
    }

    @Test
    void noClusterSelectedIsAFilterFailure() {
        RequestContext ctx = request("/");
        FilterAction action = balancer().onRequest(ctx);
        assertThat(action).isInstanceOf(FilterAction.Fail.class);
        assertThat(((FilterAction.Fail) action).detail()).contains("no cluster selected");
        assertThat(ctx.upstream()).isNull();
    }

    @Test
    void noClusterBecauseTheRequestLacksWhatRoutingReadsIsAFourHundredNamingIt() {
        RequestContext ctx = request("/");
        ctx.extensions().put(UnreadableRequest.KEY,
                new UnreadableRequest("request body has no \"model\"", "model", "missing_required_parameter"));
        assertThat(balancer().onRequest(ctx)).as("the client's fault, not the gateway's 500")
                .isEqualTo(FilterAction.reject(400, "request body has no \"model\""));
    }

    @Test
    void undeclaredClusterIsAFilterFailureNamingIt() {
        RequestContext ctx = routedTo("payments");
        FilterAction action = balancer().onRequest(ctx);
        assertThat(action).isInstanceOf(FilterAction.Fail.class);
        assertThat(((FilterAction.Fail) action).detail())
                .contains("'payments'").contains("expected: one of api, web");
        assertThat(ctx.upstream()).isNull();
    }

    @Test
    void declaresThatItSelectsAnEndpoint() {
        HttpFilter lb = balancer();
        assertThat(lb.type()).isEqualTo("load_balancer");
        assertThat(declarationOf(lb).traits()).containsExactly(FilterTrait.SELECTS_ENDPOINT);
        assertThat(declarationOf(lb).clusters().served()).as("what the ordering checks match routes against")
                .containsExactly("api", "web");
        LoadBalancerConfig config = (LoadBalancerConfig) lb.config();
        assertThat(config.clusters()).extracting(ClusterConfig::name).containsExactly("api", "web");
        assertThat(config.clusterSource()).isEqualTo(ClusterSource.ROUTER);
    }
}
