package io.jpraxis.config.dump;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ClusterReader;
import io.jpraxis.config.load.ConfigFixture;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.HostPort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ConfigYamlWriterTest {
    private final ConfigLoader loader = new ConfigLoader();
    private final ConfigYamlWriter writer = new ConfigYamlWriter();

    static List<ConfigFixture> validFixtures() {
        Path root = ConfigFixture.folder("valid");
        return ConfigFixture.yamlFiles(root).map(f -> ConfigFixture.of(f, root)).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validFixtures")
    void dumpReloadsToAnEqualConfig(ConfigFixture fixture) {
        GatewayConfig original = load(fixture.text(), fixture.features());

        String dumped = writer.write(original);
        GatewayConfig reloaded = load(dumped, fixture.features());

        assertThat(reloaded).as("reloaded dump of %s:%n%s", fixture.name(), dumped)
                .usingRecursiveComparison()
                .ignoringFieldsMatchingRegexes(".*source", ".*line", ".*keyLine")
                .isEqualTo(original);
        assertThat(writer.write(reloaded)).as("a dump is a fixed point").isEqualTo(dumped);
    }

    @Test
    void writesDefaultsInPraxisShape() {
        String dumped = writer.write(load("""
                listeners:
                  - {name: default, address: "[::1]:8080", filter_chains: [main]}
                filter_chains: [{name: main}]
                clusters:
                  - name: api
                    endpoints: ["api.example.com:443", {address: "api2.example.com:443", weight: 2}]
                """, FeatureSet.NONE));

        assertThat(dumped).as(dumped)
                .contains("address: \"[::1]:8080\"")
                .contains("protocol: http")
                .contains("load_balancer_strategy: round_robin")
                .contains("- api.example.com:443")
                .contains("weight: 2")
                .contains("max_request_bytes: 10485760")
                .contains("upstream_keepalive_pool_size: 64")
                .contains("shutdown_timeout_secs: 30")
                .contains("allow_private_endpoints: false")
                .contains("version: h1");
        assertThat(dumped.indexOf("listeners:")).as("top-level keys keep Praxis's order")
                .isLessThan(dumped.indexOf("filter_chains:"));
    }

    @Test
    void writesHealthCheckDefaultsAndOmitsTheLegacyRetryPolicy() {
        String dumped = writer.write(load("""
                listeners:
                  - {name: default, address: "127.0.0.1:8080", filter_chains: [main]}
                filter_chains: [{name: main}]
                clusters:
                  - name: checked
                    endpoints: ["api.example.com:80"]
                    load_balancer_strategy: p2c
                    max_connections: 9
                    health_check: {type: tcp}
                  - name: retried
                    endpoints: ["api.example.com:80"]
                    retry_policy: {max_retries: 5}
                """, FeatureSet.NONE));

        assertThat(dumped).as(dumped)
                .contains("load_balancer_strategy: p2c")
                .contains("max_connections: 9")
                .contains("type: tcp").contains("path: /").contains("expected_status: 200")
                .contains("interval_ms: 5000").contains("timeout_ms: 2000")
                .contains("healthy_threshold: 2").contains("unhealthy_threshold: 3")
                .contains("max_retries: 5").contains("retry_body_limit_bytes: 65536")
                .doesNotContain("passive_").doesNotContain("tls:");
        assertThat(dumped.indexOf("retry_policy:")).as("written once: the unset policy of 'checked' is the legacy one")
                .isEqualTo(dumped.lastIndexOf("retry_policy:"));
    }

    @Test
    void writesAnUnboundedBodyAsAnExplicitNull() {
        String dumped = writer.write(load("""
                listeners:
                  - {name: default, address: "127.0.0.1:8080", filter_chains: [main]}
                filter_chains: [{name: main}]
                body_limits: {max_request_bytes: null}
                runtime: {upstream_keepalive_pool_size: null}
                insecure_options: {allow_unbounded_body: true}
                """, FeatureSet.NONE));

        assertThat(dumped).as("omitting the key would mean the 10 MiB default")
                .contains("max_request_bytes: null").contains("upstream_keepalive_pool_size: null");
    }

    @Test
    void writesAnEffectiveConfigRecordWithSnakeCaseKeysInPlaceOfRawOptions() {
        record Route(String pathPrefix, String cluster, Long timeoutMs) {
        }
        record RouterConfig(List<Route> routes, boolean multiLevelSubdomainMatching, FailureMode mode,
                HostPort upstream, Map<String, Integer> weights) {
        }
        GatewayConfig config = load(routerConfig("routes: [{path_prefix: /, cluster: api}]"), FeatureSet.NONE);
        Map<String, Integer> unordered = Map.of("zeta", 1, "alpha", 2, "mid", 3);
        ConfigYamlWriter effective = new ConfigYamlWriter(e -> e.filterType().equals("router")
                ? new RouterConfig(List.of(new Route("/", "api", null)), false, FailureMode.OPEN,
                        new HostPort("::1", 80), unordered)
                : null, Set.of());

        String dumped = effective.write(config);

        assertThat(dumped).as(dumped)
                .contains("path_prefix: /")
                .contains("multi_level_subdomain_matching: false")
                .contains("mode: open")
                .contains("upstream: \"[::1]:80\"")
                .doesNotContain("timeout_ms")
                .doesNotContain("source");
        assertThat(dumped.indexOf("alpha")).as("an unordered map is written sorted")
                .isLessThan(dumped.indexOf("mid")).isLessThan(dumped.indexOf("zeta"));
    }

    @Test
    void redactsSecretKeysAtAnyDepthOfFilterConfigAndBranches() {
        GatewayConfig config = load(routerConfig("""
                routes: [{path_prefix: /, cluster: api}]
                        credentials:
                          api_key: sk-live-123
                          nested: [{token: tok-456, keep: visible}]
                        branch_chains:
                          - name: b
                            chains:
                              - name: inline
                                filters:
                                  - {filter: credential_inject, api_key: sk-branch-789}
                """), FeatureSet.NONE);
        ConfigYamlWriter redacting = new ConfigYamlWriter(ConfigYamlWriter.RAW_OPTIONS, Set.of("api_key", "token"));

        String dumped = redacting.write(config);

        assertThat(dumped).as(dumped)
                .doesNotContain("sk-live-123").doesNotContain("tok-456").doesNotContain("sk-branch-789")
                .contains("api_key: " + "\"" + ConfigYamlWriter.REDACTED + "\"")
                .contains("keep: visible");
    }

    @Test
    void redactsTheValueOfACredentialHeaderWhereverAFilterSetsOne() {
        // The headers filter is how a key is injected for a provider today: /config must not show it.
        GatewayConfig config = load(routerConfig("""
                routes: [{path_prefix: /, cluster: api}]
                        request_set:
                          - {name: Authorization, value: "Bearer sk-live-123"}
                          - {name: x-tenant, value: acme}
                        request_add: [{name: X-API-Key, value: key-456}]
                        response_set: [{name: set-cookie, value: "s=secret-789"}]
                """), FeatureSet.NONE);

        String redacted = new ConfigYamlWriter(ConfigYamlWriter.RAW_OPTIONS, Set.of()).write(config);
        assertThat(redacted).as(redacted)
                .doesNotContain("sk-live-123").doesNotContain("key-456").doesNotContain("secret-789")
                .contains("name: Authorization").contains("value: \"" + ConfigYamlWriter.REDACTED + "\"")
                .as("other header values stay visible").contains("acme");

        assertThat(new ConfigYamlWriter().write(config)).as("the raw writer (round trips) keeps every value")
                .contains("sk-live-123");
    }

    @Test
    void keepsRawOptionsInDocumentOrderWithTheirTypes() {
        GatewayConfig config = load(routerConfig("""
                routes: [{path_prefix: /, cluster: api}]
                        zz_last_written_first: 1
                        port_as_text: "8080"
                        yes_text: "yes"
                        ratio: 0.5
                        aa_written_last: true
                """), FeatureSet.NONE);

        String dumped = writer.write(config);
        GatewayConfig reloaded = load(dumped, FeatureSet.NONE);

        assertThat(dumped.indexOf("zz_last_written_first")).isLessThan(dumped.indexOf("aa_written_last"));
        assertThat(reloaded.filterChains().get(0).filters().get(0).options())
                .usingRecursiveComparison().ignoringFieldsMatchingRegexes(".*line", ".*keyLine")
                .as("strings that look like numbers or booleans stay strings")
                .isEqualTo(config.filterChains().get(0).filters().get(0).options());
    }

    @Test
    void writesInlineClusterRecordsInClusterShape() {
        GatewayConfig config = load(routerConfig("routes: []"), FeatureSet.NONE);
        ClusterConfig cluster = ClusterReader.read(new io.jpraxis.config.tree.YamlTreeParser().parse(
                "name: c\nendpoints: [\"a.example.com:80\"]\n", new io.jpraxis.config.diag.Diagnostics()),
                io.jpraxis.config.diag.ConfigPath.root(), new io.jpraxis.config.diag.Diagnostics(),
                io.jpraxis.config.model.InsecureOptions.NONE).orElseThrow();
        Map<String, Object> lb = new LinkedHashMap<>();
        lb.put("clusters", List.of(cluster));

        String dumped = new ConfigYamlWriter(e -> lb, Set.of()).write(config);

        assertThat(dumped).as(dumped).contains("- a.example.com:80").contains("load_balancer_strategy: round_robin")
                .doesNotContain("hash_header");
    }

    @Test
    void dumpsTheValidFixturesDeterministically() throws Exception {
        Path full = ConfigFixture.folder("valid").resolve("full.yaml");
        GatewayConfig config = load(Files.readString(full), FeatureSet.NONE);

        assertThat(new ConfigYamlWriter().write(config)).isEqualTo(new ConfigYamlWriter().write(config));
    }

    private static String routerConfig(String routerOptions) {
        return """
                listeners:
                  - {name: default, address: "127.0.0.1:8080", filter_chains: [main]}
                filter_chains:
                  - name: main
                    filters:
                      - filter: router
                        %s
                """.formatted(routerOptions);
    }

    private GatewayConfig load(String yaml, FeatureSet features) {
        LoadResult result = loader.load(yaml, features);
        assertThat(result.diagnostics().errors()).extracting(Diagnostic::render).as("errors loading%n%s", yaml)
                .isEmpty();
        return result.config();
    }
}
