package io.jpraxis.server.reload;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.testkit.TestPki;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a reload may change and what needs a restart, decided on loaded configs. */
class RestartRequiredTest {
    @TempDir
    Path dir;

    private static final String BASE = """
            listeners:
              - name: main
                address: "127.0.0.1:8080"
                filter_chains: [answer]
            filter_chains:
              - name: answer
                filters:
                  - filter: static_response
                    status: 200
                    body: "one"
              - name: other
                filters:
                  - filter: static_response
                    status: 204
            admin:
              address: "127.0.0.1:9901"
            """;

    private static GatewayConfig load(String yaml) {
        LoadResult loaded = new ConfigLoader().load(yaml, FeatureSet.NONE);
        assertThat(loaded.diagnostics().errors()).as("test config loads").isEmpty();
        return loaded.config();
    }

    private static GatewayConfig base(String replace, String with) {
        assertThat(BASE).contains(replace);
        return load(BASE.replace(replace, with));
    }

    @Test
    void pipelinesClustersBodyLimitsAndMostInsecureOptionsReload() {
        GatewayConfig next = load(BASE.replace("body: \"one\"", "body: \"two\"")
                .replace("filter_chains: [answer]", "filter_chains: [other, answer]")
                + """
                body_limits:
                  max_request_bytes: 1024
                shutdown_timeout_secs: 5
                insecure_options:
                  allow_private_endpoints: true
                clusters:
                  - name: spare
                    endpoints: ["127.0.0.1:9000"]
                """);

        assertThat(RestartRequired.between(load(BASE), next)).as("all of this applies without a restart").isEmpty();
    }

    @Test
    void reorderedListenersAreTheSameListeners() {
        String two = BASE.replace("""
                    filter_chains: [answer]
                """, """
                    filter_chains: [answer]
                  - name: second
                    address: "127.0.0.1:8081"
                    filter_chains: [other]
                """);
        String swapped = two.replace("""
                  - name: main
                    address: "127.0.0.1:8080"
                    filter_chains: [answer]
                  - name: second
                    address: "127.0.0.1:8081"
                    filter_chains: [other]
                """, """
                  - name: second
                    address: "127.0.0.1:8081"
                    filter_chains: [other]
                  - name: main
                    address: "127.0.0.1:8080"
                    filter_chains: [answer]
                """);
        assertThat(swapped).isNotEqualTo(two);

        assertThat(RestartRequired.between(load(two), load(swapped))).isEmpty();
    }

    @Test
    void listenerAddressProtocolAndConnectionSettingsNeedARestart() {
        GatewayConfig next = base("""
                    address: "127.0.0.1:8080"
                """, """
                    address: "127.0.0.1:8090"
                    max_connections: 10
                    downstream_read_timeout_ms: 1000
                    downstream_keepalive_timeout_ms: 2000
                """);

        assertThat(RestartRequired.between(load(BASE), next)).containsExactly(
                "listeners['main'].address: 127.0.0.1:8080 -> 127.0.0.1:8090 (applied at startup only)",
                "listeners['main'].max_connections: unset -> 10 (applied at startup only)",
                "listeners['main'].downstream_read_timeout_ms: unset -> 1000 (applied at startup only)",
                "listeners['main'].downstream_keepalive_timeout_ms: unset -> 2000 (applied at startup only)");
    }

    @Test
    void listenersAddedRemovedOrRenamedNeedARestart() {
        GatewayConfig renamed = base("- name: main", "- name: public");

        assertThat(RestartRequired.between(load(BASE), renamed)).containsExactly(
                "listeners: 'main' removed (unbinding a listener needs a restart)",
                "listeners: 'public' added (binding a listener needs a restart)");
    }

    @Test
    void adminRuntimeAndThePrivateUpstreamGuardNeedARestart() {
        GatewayConfig next = load(BASE.replace("address: \"127.0.0.1:9901\"", "address: \"127.0.0.1:9902\"") + """
                runtime:
                  threads: 3
                insecure_options:
                  allow_private_upstreams: true
                """);

        assertThat(RestartRequired.between(load(BASE), next)).containsExactly(
                "admin.address: 127.0.0.1:9901 -> 127.0.0.1:9902 (applied at startup only)",
                "runtime.threads: 0 -> 3 (applied at startup only)",
                "insecure_options.allow_private_upstreams: false -> true (applied at startup only)");
    }

    @Test
    void turningTlsOnOrChangingItNeedsARestartButMovingItDoesNot() {
        TestPki pki = TestPki.create(dir);
        TestPki.Issued one = pki.rootCa("ca", TestPki.KeyType.EC)
                .server("one").dns("localhost").issue();
        String tls = "    filter_chains: [answer]\n"
                + "    tls:\n"
                + "      certificates:\n"
                + "        - cert_path: \"" + one.certPath() + "\"\n"
                + "          key_path: \"" + one.keyPath() + "\"\n";
        GatewayConfig withTls = base("    filter_chains: [answer]\n", tls);
        GatewayConfig tls13 = base("    filter_chains: [answer]\n", tls + "      min_version: tls13\n");
        GatewayConfig moved = load("# a comment line moves every line down\n" + BASE.replace(
                "    filter_chains: [answer]\n", tls));

        assertThat(RestartRequired.between(load(BASE), withTls)).containsExactly("listeners['main'].tls: unset -> "
                + "set (applied at startup only; new contents of the same certificate files reload without a restart)");
        assertThat(RestartRequired.between(withTls, tls13)).singleElement().asString()
                .startsWith("listeners['main'].tls: changed");
        assertThat(RestartRequired.between(withTls, load(BASE))).singleElement().asString().contains("set -> unset");
        assertThat(RestartRequired.between(withTls, moved)).as("the same block on other lines").isEmpty();
    }

    @Test
    void metricsLabelsAndTemplatesNeedARestartWhileFilterDurationReloads() {
        GatewayConfig serving = load(BASE);

        assertThat(RestartRequired.between(serving, load(BASE + "metrics: {filter_duration: true}\n")))
                .as("the filters each build creates are timed or not").isEmpty();
        assertThat(RestartRequired.between(serving, load(BASE + """
                metrics:
                  labels: {disabled: [cluster]}
                  route_templates: ["/users/{id}"]
                """))).containsExactly(
                "metrics.labels.disabled: [] -> [cluster] (applied at startup only)",
                "metrics.route_templates: [] -> [/users/{id}] (applied at startup only)");
    }

    @Test
    void telemetryChangesNeedARestartWithoutShowingHeaderValues() {
        GatewayConfig serving = load(BASE + "telemetry: {otlp_endpoint: \"http://127.0.0.1:4317\"}\n");

        assertThat(RestartRequired.between(serving, serving)).as("the same block").isEmpty();
        assertThat(RestartRequired.between(serving, load(BASE + """
                telemetry:
                  otlp_endpoint: "http://127.0.0.1:4317"
                  otlp_headers: {authorization: "Bearer s3cr3t"}
                """))).as("the exporter is built at startup; a header value is never shown")
                .containsExactly("telemetry: changed (applied at startup only)");
        assertThat(RestartRequired.between(serving, load(BASE))).containsExactly(
                "telemetry: changed (applied at startup only)");
    }
}
