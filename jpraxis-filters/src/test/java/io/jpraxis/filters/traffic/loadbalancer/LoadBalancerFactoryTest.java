package io.jpraxis.filters.traffic.loadbalancer;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.buildContext;
import static io.jpraxis.filters.testing.FilterFixtures.declarationOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadBalancerFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";
    private static final String ONE_CLUSTER = """
            clusters:
              - name: api
                endpoints: ["api-1.example.net:8080"]
            """;

    private static List<String> refused(String yaml) {
        return build(new LoadBalancerFactory(), yaml).refused();
    }

    @Test
    void unknownKeyIsRejectedWithItsPath() {
        assertThat(refused(ONE_CLUSTER + "cluster_sources: router\n"))
                .containsExactly("line 4: " + AT + "cluster_sources: unknown key (did you mean 'cluster_source'?)");
    }

    @Test
    void unknownKeyInsideAnInlineClusterIsRejectedWithItsPath() {
        assertThat(refused("""
                clusters:
                  - name: api
                    endpoints: ["api-1.example.net:8080"]
                    endpoint: x
                """)).singleElement().asString().contains(AT + "clusters[0].endpoint: unknown key");
    }

    @Test
    void emptyClustersAreRefusedBecauseEveryRequestWouldFail() {
        assertThat(refused("clusters: []\n")).singleElement().asString()
                .contains(AT + "clusters: [] (expected: at least one cluster").contains("502");
    }

    @Test
    void missingClustersAreRefused() {
        assertThat(refused("cluster_source: router\n")).singleElement().asString()
                .contains(AT + "clusters: missing (expected: at least one cluster");
    }

    @Test
    void clusterNamesMustBeUniqueWithinTheLoadBalancer() {
        assertThat(refused("""
                clusters:
                  - name: api
                    endpoints: ["api-1.example.net:8080"]
                  - name: api
                    endpoints: ["api-2.example.net:8080"]
                """)).singleElement().asString().contains(AT + "clusters[1].name").contains("'api'");
    }

    @Test
    void unknownClusterSourceListsTheChoices() {
        assertThat(refused(ONE_CLUSTER + "cluster_source: bund\n")).containsExactly(
                "line 4: " + AT + "cluster_source: \"bund\" (expected: router | bound_upstream)");
    }

    @Test
    void boundUpstreamNeedsTheUpstreamBindingFeature() {
        assertThat(refused(ONE_CLUSTER + "cluster_source: bound_upstream\n")).singleElement().asString()
                .contains(AT + "cluster_source: \"bound_upstream\"").contains("--features upstream-binding");
    }

    @Test
    void boundUpstreamWithTheFeatureBuildsABalancerThatReadsTheBinding() {
        HttpFilter lb = build(new LoadBalancerFactory(), ONE_CLUSTER + "cluster_source: bound_upstream\n",
                buildContext(FeatureSet.of(Feature.UPSTREAM_BINDING))).accepted();
        assertThat(((LoadBalancerConfig) lb.config()).clusterSource()).isEqualTo(ClusterSource.BOUND_UPSTREAM);
        assertThat(declarationOf(lb).traits()).as("what makes its pipeline bind")
                .containsExactlyInAnyOrder(FilterTrait.SELECTS_ENDPOINT, FilterTrait.READS_BINDING);
    }

    @Test
    void declaresWhichOfItsClustersCanSpeakHttp2Upstream() {
        HttpFilter lb = build(new LoadBalancerFactory(), """
                clusters:
                  - name: grpc
                    endpoints: ["grpc.example.net:50051"]
                    http: {version: h2}
                  - name: alpn
                    endpoints: ["alpn.example.net:443"]
                    http: {version: auto}
                    tls: {sni: alpn.example.net}
                  - name: plain_auto
                    endpoints: ["plain.example.net:80"]
                    http: {version: auto}
                  - name: rest
                    endpoints: ["rest.example.net:80"]
                """).accepted();
        assertThat(declarationOf(lb).clusters().http2())
                .as("h2, and auto over TLS where ALPN may pick h2; auto in cleartext and h1 are HTTP/1.1")
                .containsExactlyInAnyOrder("grpc", "alpn");
        assertThat(declarationOf(lb).clusters().served()).containsExactly("grpc", "alpn", "plain_auto", "rest");
    }

    @Test
    void subsetWithoutItsSelectorIsRefusedAtLoad() {
        assertThat(refused("""
                clusters:
                  - name: api
                    endpoints: ["api-1.example.net:8080"]
                    load_balancer_strategy: subset
                """)).singleElement().asString()
                .contains(AT + "clusters[0].load_balancer_strategy").contains("subset: {selector: {version: canary}}");
    }

    @Test
    void inlineClusterTakesAGroupStrategyWithEndpointPlacement() {
        HttpFilter lb = build(new LoadBalancerFactory(), """
                clusters:
                  - name: api
                    endpoints:
                      - {address: "api-1.example.net:8080", priority: 0}
                      - {address: "api-2.example.net:8080", priority: 1, zone: b, metadata: {tier: backup}}
                    load_balancer_strategy: {priority: {overprovisioning_factor: 200}}
                """, buildContext(FeatureSet.NONE)).accepted();
        assertThat(((LoadBalancerConfig) lb.config()).clusters().get(0).endpoints().get(1).priority())
                .as("the endpoint's level is kept for the balancer").isEqualTo(1);
    }

    @Test
    void everyProblemIsReportedInOnePass() {
        List<String> errors = refused("""
                clusters:
                  - name: api
                    endpoints: []
                cluster_source: nope
                extra: true
                """);
        assertThat(errors).hasSize(3);
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("clusters[0].endpoints"))
                .anySatisfy(e -> assertThat(e).contains("cluster_source: \"nope\""))
                .anySatisfy(e -> assertThat(e).contains("extra: unknown key"));
    }
}
