package io.jpraxis.config.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.AdminConfig;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterConfig.LoadBalancerStrategy;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.ChainRef;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.RejoinConfig;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.model.ListenerConfig.ListenerProtocol;
import io.jpraxis.config.model.RuntimeConfig;
import io.jpraxis.config.model.UpstreamMatcher;
import io.jpraxis.config.tree.ConfigNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {
    private static final String BOUND = """
            listeners:
              - {name: default, address: "127.0.0.1:8080", filter_chains: [main]}
            filter_chains:
              - name: main
                filters:
                  - filter: headers
                    conditions:
                      - when:
                          bound_upstream: {application_provider: openai}
            """;

    private final ConfigLoader loader = new ConfigLoader();

    @Test
    void appliesDefaultsToEverythingLeftOut() {
        GatewayConfig config = loadOk("""
                listeners:
                  - name: default
                    address: "127.0.0.1:8080"
                    filter_chains: [main]
                filter_chains:
                  - name: main
                clusters:
                  - name: api
                    endpoints: ["api.example.com:443"]
                """, FeatureSet.NONE);

        assertThat(config.bodyLimits()).isEqualTo(BodyLimits.DEFAULT);
        assertThat(config.admin()).isEqualTo(AdminConfig.DISABLED);
        assertThat(config.runtime()).isEqualTo(RuntimeConfig.DEFAULT);
        assertThat(config.insecureOptions()).isEqualTo(InsecureOptions.NONE);
        assertThat(config.shutdownTimeoutSecs()).isEqualTo(30);
        assertThat(config.filterChains()).singleElement().satisfies(c -> assertThat(c.filters()).isEmpty());
        assertThat(config.listeners().get(0).protocol()).isEqualTo(ListenerProtocol.HTTP);
        ClusterConfig cluster = config.clusters().get(0);
        assertThat(cluster.loadBalancerStrategy()).isEqualTo(LoadBalancerStrategy.ROUND_ROBIN);
        assertThat(cluster.http()).as("an absent http block is NONE, not null").isEqualTo(ClusterHttpConfig.NONE);
        assertThat(cluster.endpoints()).containsExactly(new EndpointConfig(new HostPort("api.example.com", 443), 1));
        assertThat(cluster.connectionTimeoutMs()).as("unset timeouts stay null").isNull();
    }

    @Test
    void keepsFilterOptionsUntouchedAndParsesReservedKeys() {
        GatewayConfig config = loadOk("""
                listeners:
                  - {name: default, address: "127.0.0.1:8080", filter_chains: [main]}
                filter_chains:
                  - name: main
                    filters:
                      - filter: router
                        name: routing
                        routes:
                          - {path_prefix: /, cluster: backend}
                        failure_mode: open
                        multi_level_subdomain_matching: false
                        conditions:
                          - unless: {headers: {X-Skip: "1"}}
                        branch_chains:
                          - name: b1
                            chains: [util]
                  - name: util
                    filters:
                      - filter: headers
                """, FeatureSet.NONE);

        FilterEntryConfig entry = config.filterChains().get(0).filters().get(0);
        assertThat(entry.filterType()).isEqualTo("router");
        assertThat(entry.name()).isEqualTo("routing");
        assertThat(entry.failureMode()).isEqualTo(FailureMode.OPEN);
        assertThat(entry.options().entries()).extracting(ConfigNode.MapNode.Entry::key)
                .as("only the filter's own keys, in document order")
                .containsExactly("routes", "multi_level_subdomain_matching");
        assertThat(entry.conditions()).singleElement().satisfies(c -> {
            assertThat(c.kind()).isEqualTo(ConditionConfig.Kind.UNLESS);
            assertThat(c.predicate().headers()).containsExactly(new HeaderValue("X-Skip", "1"));
        });
        assertThat(entry.branchChains()).as("branch_chains is parsed; the compiler resolves its references")
                .singleElement().satisfies(b -> {
                    assertThat(b.name()).isEqualTo("b1");
                    assertThat(b.chains()).containsExactly(new ChainRef.Named("util", b.chains().getFirst().source()));
                    assertThat(b.rejoin()).as("rejoin defaults to next").isEqualTo(RejoinConfig.NEXT);
                    assertThat(b.onResult()).as("no on_result: unconditional").isNull();
                });
        assertThat(entry.source().line()).isEqualTo(6);
    }

    @Test
    void leavesAnAccessLogConditionsMapInItsOptions() {
        GatewayConfig config = loadOk("""
                listeners:
                  - {name: default, address: "127.0.0.1:8080", filter_chains: [main]}
                filter_chains:
                  - name: main
                    filters:
                      - filter: access_log
                        conditions:
                          status_min: 500
                """, FeatureSet.NONE);

        FilterEntryConfig entry = config.filterChains().get(0).filters().get(0);
        assertThat(entry.conditions()).as("a map under access_log is emit-time config, not pipeline conditions")
                .isEmpty();
        assertThat(entry.options().get("conditions")).containsInstanceOf(ConfigNode.MapNode.class);
    }

    @Test
    void refusesBoundUpstreamWithoutTheFeatureNamingIt() {
        LoadResult result = loader.load(BOUND, FeatureSet.NONE);

        assertThat(result.ok()).isFalse();
        Diagnostic error = result.diagnostics().errors().get(0);
        assertThat(error.message()).contains("needs the upstream-binding feature")
                .contains("--features upstream-binding");
        assertThat(error.scope()).as("a diagnostic inside a filter entry names the filter and chain")
                .isEqualTo(new FilterScope("headers", null, "main", null));
        assertThat(error.line()).isEqualTo(9);
    }

    @Test
    void acceptsBoundUpstreamWhenAFeatureImplyingUpstreamBindingIsOn() {
        GatewayConfig config = loadOk(BOUND, FeatureSet.of(Feature.ITERATIVE_REQUEST_ROUTER));

        assertThat(config.filterChains().get(0).filters().get(0).conditions().get(0).predicate().boundUpstream())
                .isEqualTo(new UpstreamMatcher(null, "openai"));
    }

    @Test
    void reportsEveryMistakeInsteadOfStoppingAtTheFirst() {
        LoadResult result = loader.load("""
                listeners:
                  - {name: "a b", address: "nowhere", protocol: ftp, max_connections: 0}
                clusters:
                  - {name: c, endpoints: ["127.0.0.1:1"], load_balancer_strategy: subset}
                """, FeatureSet.NONE);

        assertThat(result.diagnostics().errors()).extracting(Diagnostic::path).extracting(Object::toString)
                .containsExactlyInAnyOrder("listeners[0].name", "listeners[0].address", "listeners[0].protocol",
                        "listeners[0].max_connections", "listeners[0].filter_chains", "clusters[0].endpoints[0]",
                        "clusters[0].load_balancer_strategy");
    }

    @Test
    void listsDiagnosticsInDocumentOrderForPrinting() {
        LoadResult result = loader.load("""
                listeners:
                  - {name: default, address: "127.0.0.1:8080", filter_chains: [main]}
                clusters:
                  - {name: c, endpoints: []}
                insecure_options: {allow_everything: true}
                filter_chains: [{name: main}]
                """, FeatureSet.NONE);

        assertThat(result.diagnostics().all()).extracting(Diagnostic::line)
                .as("insecure_options is read first").containsExactly(5, 4);
        assertThat(result.inDocumentOrder()).extracting(Diagnostic::line).containsExactly(4, 5);
    }

    @Test
    void readsInsecureOptionsFirstSoLaterSectionsSeeThem() {
        GatewayConfig config = loadOk("""
                listeners:
                  - {name: default, address: "127.0.0.1:8080", filter_chains: [main]}
                filter_chains: [{name: main}]
                clusters:
                  - {name: local, endpoints: ["127.0.0.1:9000"]}
                body_limits: {max_request_bytes: null}
                insecure_options:
                  allow_private_endpoints: true
                  allow_unbounded_body: true
                  skip_pipeline_checks: {duplicate_routers: true}
                """, FeatureSet.NONE);

        assertThat(config.bodyLimits().maxRequestBytes()).as("null = unbounded").isNull();
        assertThat(config.bodyLimits().maxResponseBytes()).isEqualTo(BodyLimits.DEFAULT_BYTES);
        assertThat(config.insecureOptions().skips(InsecureOptions.SkipCheck.DUPLICATE_ROUTERS)).isTrue();
        assertThat(config.insecureOptions().skips(InsecureOptions.SkipCheck.UNREACHABLE_FILTERS)).isFalse();
    }

    @Test
    void reportsAnUnreadableFileAsADiagnostic(@TempDir Path dir) {
        LoadResult result = loader.loadFile(dir.resolve("missing.yaml"), FeatureSet.NONE);

        assertThat(result.ok()).isFalse();
        assertThat(result.diagnostics().errors()).singleElement().extracting(Diagnostic::message).asString()
                .startsWith("cannot read config file").contains("missing.yaml");
    }

    @Test
    void loadsAFileFromDisk(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("praxis.yaml");
        Files.writeString(file, "listeners:\n  - {name: default, address: \"127.0.0.1:8080\", filter_chains: [main]}\n"
                + "filter_chains: [{name: main}]\n");

        LoadResult result = loader.loadFile(file, FeatureSet.NONE);

        assertThat(result.configIfOk()).isPresent();
        assertThat(result.config().listeners()).extracting(l -> l.address().render()).containsExactly("127.0.0.1:8080");
    }

    @Test
    void keepsIpv6ListenerAddressesWithoutBrackets() {
        GatewayConfig config = loadOk("listeners:\n  - {name: v6, address: \"[::1]:8443\", filter_chains: [main]}\n"
                + "filter_chains: [{name: main}]\n", FeatureSet.NONE);

        assertThat(config.listeners().get(0).address()).isEqualTo(new HostPort("::1", 8443));
        assertThat(config.listeners().get(0).address().render()).isEqualTo("[::1]:8443");
    }

    @Test
    void returnsWarningsAlongsideALoadedConfig() {
        LoadResult result = loader.load("""
                listeners:
                  - {name: default, address: "127.0.0.1:8080", filter_chains: [main]}
                filter_chains:
                  - name: main
                    filters:
                      - filter: headers
                        failure_mod: open
                """, FeatureSet.NONE);

        assertThat(result.ok()).as("a near-miss key is a warning, not an error").isTrue();
        assertThat(result.diagnostics().warnings()).singleElement().extracting(Diagnostic::render).asString()
                .contains("failure_mod").contains("did you mean the reserved key 'failure_mode'?");
        assertThat(result.config().filterChains().get(0).filters().get(0).options().get("failure_mod")).isPresent();
    }

    private GatewayConfig loadOk(String yaml, FeatureSet features) {
        LoadResult result = loader.load(yaml, features);
        List<String> errors = result.diagnostics().errors().stream().map(Diagnostic::render).toList();
        assertThat(errors).as("errors").isEmpty();
        return result.config();
    }
}
