package io.jpraxis.config.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterTlsConfig;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.HealthCheckConfig;
import io.jpraxis.config.model.HealthCheckConfig.HealthCheckType;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.model.RetryPolicyConfig;
import io.jpraxis.config.model.SlowStartConfig;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.tree.YamlTreeParser;
import io.jpraxis.config.validate.ConfigLimits;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The entry point the load_balancer filter uses for its inline clusters. */
class ClusterReaderTest {
    private static final InsecureOptions ALLOW_PRIVATE = new InsecureOptions(false, true, false, false, false, false,
            false, false, false, false, Set.of(), false);
    private static final ConfigPath PATH = ConfigPath.root().key("filter_chains").index(0).key("filters").index(1)
            .key("clusters").index(0);

    @Test
    void readsAnInlineClusterWithAllItsFields() {
        Diagnostics d = new Diagnostics();
        Optional<ClusterConfig> cluster = ClusterReader.read(node("""
                name: openai_backend
                endpoints:
                  - "api.openai.com:443"
                  - {address: "api2.openai.com:443", weight: 3}
                read_timeout_ms: 1000
                http:
                  application_protocol: openai_responses
                  application_provider: openai
                """, d), PATH, d, InsecureOptions.NONE);

        assertThat(d.all()).isEmpty();
        assertThat(cluster).hasValueSatisfying(c -> {
            assertThat(c.name()).isEqualTo("openai_backend");
            assertThat(c.endpoints()).containsExactly(new EndpointConfig(new HostPort("api.openai.com", 443), 1),
                    new EndpointConfig(new HostPort("api2.openai.com", 443), 3));
            assertThat(c.readTimeoutMs()).isEqualTo(1000L);
            assertThat(c.http().applicationProtocol()).isEqualTo("openai_responses");
            assertThat(c.source().path()).isEqualTo(PATH);
        });
    }

    @Test
    void refusesAPrivateEndpointUnlessTheFlagIsSet() {
        String yaml = "name: local\nendpoints: [\"127.0.0.1:3001\"]\n";
        Diagnostics refused = new Diagnostics();
        Diagnostics scoped = refused.scoped(new FilterScope("load_balancer", "lb", "main", null));

        assertThat(ClusterReader.read(node(yaml, refused), PATH, scoped, InsecureOptions.NONE)).isEmpty();
        assertThat(refused.errors()).singleElement().satisfies(e -> {
            assertThat(e.render()).contains(PATH + ".endpoints[0]: endpoint 127.0.0.1:3001 is in the loopback range")
                    .contains("insecure_options.allow_private_endpoints");
            assertThat(e.scope()).as("the caller's scope is kept").isEqualTo(scoped.scope());
        });

        Diagnostics allowed = new Diagnostics();
        assertThat(ClusterReader.read(node(yaml, allowed), PATH, allowed, ALLOW_PRIVATE)).isPresent();
        assertThat(allowed.all()).isEmpty();
    }

    @Test
    void returnsEmptyWhenAnythingIsWrongButReportsAllOfIt() {
        Diagnostics d = new Diagnostics();
        Optional<ClusterConfig> cluster = ClusterReader.read(node("""
                endpoints: []
                load_balancer_strategy: subset
                """, d), PATH, d, InsecureOptions.NONE);

        assertThat(cluster).isEmpty();
        assertThat(d.errors()).extracting(Diagnostic::message).containsExactlyInAnyOrder(
                "missing (expected: a value; this key is required)",
                "[] (expected: at least one endpoint)",
                "\"subset\" (expected: the map form with its required parameter, such as subset: "
                        + "{selector: {version: canary}})");
    }

    @Test
    void refusesMoreEndpointsOrClustersThanPraxisAllows() {
        StringBuilder endpoints = new StringBuilder("name: big\nendpoints:\n");
        for (int i = 0; i <= ConfigLimits.MAX_ENDPOINTS; i++) {
            endpoints.append("  - \"e").append(i).append(".example.com:80\"\n");
        }
        Diagnostics d = new Diagnostics();
        assertThat(ClusterReader.read(node(endpoints.toString(), d), PATH, d, InsecureOptions.NONE)).isEmpty();
        assertThat(d.errors()).extracting(Diagnostic::render).singleElement().asString()
                .contains(PATH + ".endpoints: 10001 endpoints (expected: at most 10000)");

        StringBuilder clusters = new StringBuilder();
        for (int i = 0; i <= ConfigLimits.MAX_CLUSTERS; i++) {
            clusters.append("- {name: c").append(i).append(", endpoints: [\"a.example.com:80\"]}\n");
        }
        Diagnostics many = new Diagnostics();
        ClusterReader.readList(node(clusters.toString(), many), ConfigPath.root().key("clusters"), many,
                InsecureOptions.NONE);
        assertThat(many.errors()).extracting(Diagnostic::render).singleElement().asString()
                .contains("clusters: 10001 clusters (expected: at most 10000)");
    }

    @Test
    void appliesTheSpecDefaultsOfAHealthCheck() {
        Diagnostics d = new Diagnostics();
        Optional<ClusterConfig> cluster = ClusterReader.read(node("""
                name: api
                endpoints: ["api.example.com:80"]
                health_check: {type: http}
                """, d), PATH, d, InsecureOptions.NONE);

        assertThat(d.all()).isEmpty();
        assertThat(cluster.orElseThrow().healthCheck()).as("docs/behaviour/clusters.md#health-checks defaults: /, 200, 5000, 2000, 2, 3")
                .isEqualTo(new HealthCheckConfig(HealthCheckType.HTTP, "/", 200, 5000, 2000, 2, 3, null, null, ""));
    }

    @Test
    void readsMaxConnectionsHealthCheckRetryPolicyAndTlsIntoTheirRecords() {
        Diagnostics d = new Diagnostics();
        Optional<ClusterConfig> cluster = ClusterReader.read(node("""
                name: api
                endpoints: ["api.example.com:443"]
                load_balancer_strategy: least_connections
                max_connections: 7
                health_check:
                  type: tcp
                  interval_ms: 300
                  timeout_ms: 100
                  healthy_threshold: 1
                  unhealthy_threshold: 4
                  passive_unhealthy_threshold: 5
                retry_policy:
                  max_retries: 4
                  retriable_conditions: [connect_failure]
                  retry_body_limit_bytes: 1024
                  allow_non_idempotent: true
                tls:
                  sni: api.example.com
                  ca: {ca_path: src/test/resources/tls/test-ca.pem}
                """, d), PATH, d, InsecureOptions.NONE);

        assertThat(d.all()).isEmpty();
        ClusterConfig c = cluster.orElseThrow();
        assertThat(c.loadBalancerStrategy()).isEqualTo(ClusterConfig.LoadBalancerStrategy.LEAST_CONNECTIONS);
        assertThat(c.maxConnections()).isEqualTo(7);
        assertThat(c.healthCheck()).isEqualTo(
                new HealthCheckConfig(HealthCheckType.TCP, "/", 200, 300, 100, 1, 4, 5, null, ""));
        assertThat(c.retryPolicy()).isEqualTo(RetryPolicyConfig.configured(4, 1024, true));
        assertThat(c.tls()).as("verify defaults to true")
                .isEqualTo(new ClusterTlsConfig("api.example.com", true, "src/test/resources/tls/test-ca.pem", null, null));
    }

    @Test
    void anAbsentRetryPolicyIsTheLegacyOne() {
        Diagnostics d = new Diagnostics();
        ClusterConfig c = ClusterReader.read(node("name: a\nendpoints: [\"a.example.com:80\"]\n", d), PATH, d,
                InsecureOptions.NONE).orElseThrow();

        assertThat(c.retryPolicy()).isEqualTo(RetryPolicyConfig.LEGACY);
        assertThat(c.healthCheck()).as("no health_check: endpoints stay healthy").isNull();
        assertThat(c.tls()).as("no tls: plaintext").isNull();
        assertThat(c.maxConnections()).as("no cap").isNull();
    }

    @Test
    void readsSlowStartWithTheLinearDefaultWhenTheFlagIsOn() {
        Diagnostics d = new Diagnostics();
        Optional<ClusterConfig> cluster = ClusterReader.read(node("""
                name: backend
                endpoints: ["a.example.com:80"]
                slow_start: {window_ms: 30000}
                """, d), PATH, d, InsecureOptions.NONE, FeatureSet.of(Feature.SLOW_START));

        assertThat(d.all()).as("a window alone is a complete slow_start").isEmpty();
        assertThat(cluster).map(ClusterConfig::slowStart).as("aggression defaults to 1 (linear)")
                .hasValue(new SlowStartConfig(30_000, 1.0));
    }

    @Test
    void refusesSlowStartNamingTheFlagWhenItIsOff() {
        Diagnostics d = new Diagnostics();
        Optional<ClusterConfig> cluster = ClusterReader.read(node("""
                name: backend
                endpoints: ["a.example.com:80"]
                slow_start: {window_ms: 30000, aggression: 2}
                """, d), PATH, d, InsecureOptions.NONE);

        assertThat(cluster).as("a cluster with a refused key is not built").isEmpty();
        assertThat(d.all()).extracting(Diagnostic::render).as("the message names the flag to turn on")
                .containsExactly("line 3: " + PATH.key("slow_start") + ": slow_start needs the slow-start feature "
                        + "(enable with --features slow-start)");
    }

    @Test
    void aClusterWithoutSlowStartHasNone() {
        Diagnostics d = new Diagnostics();
        Optional<ClusterConfig> cluster = ClusterReader.read(node("name: a\nendpoints: [\"a.example.com:80\"]\n", d),
                PATH, d, InsecureOptions.NONE, FeatureSet.of(Feature.SLOW_START));

        assertThat(cluster).map(ClusterConfig::slowStart).as("the flag alone turns nothing on").isEmpty();
    }

    private static ConfigNode node(String yaml, Diagnostics d) {
        return new YamlTreeParser().parse(yaml, d);
    }
}
