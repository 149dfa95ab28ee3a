package io.jpraxis.extproc.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.extproc.emulator.ShippedFilters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExtProcBuilderTest {
    private static final String CHAIN = """
            filter_chains:
              - name: main
                filters:
                  - filter: headers
                    request_set: [{ name: x-a, value: "1" }]
            """;

    private static ExtProcBuild build(String yaml) {
        return new ExtProcBuilder(FeatureSet.NONE, RuntimeServices.system(), ShippedFilters.registry()).build(yaml);
    }

    private static List<String> errors(String yaml) {
        ExtProcBuild b = build(yaml);
        assertThat(b.ok()).as("refused").isFalse();
        return b.diagnostics().errors().stream().map(Diagnostic::toString).toList();
    }

    @Test
    void loadsTheSeedExampleAsItIs() throws Exception {
        ExtProcBuild b = build(Files.readString(Path.of("../examples/extproc/picker-mode.yaml")));
        assertThat(b.diagnostics().errors()).isEmpty();
        assertThat(b.ok()).isTrue();
        assertThat(b.config().server().pickerMode()).isTrue();
        assertThat(b.routeHeader()).isEqualTo("x-gateway-destination-endpoint");
        assertThat(b.config().server().grpcAddress()).isEqualTo(new HostPort("0.0.0.0", 50051));
        assertThat(b.config().server().healthAddress()).isEqualTo(new HostPort("0.0.0.0", 50052));
        assertThat(b.config().server().metricsAddress()).isEqualTo(new HostPort("0.0.0.0", 9090));
        assertThat(b.config().server().tls()).isInstanceOf(ExtProcTls.None.class);
        b.gateway().close();
    }

    @Test
    void concatenatesChainsInOrder() {
        ExtProcBuild b = build(CHAIN + """
                  - name: second
                    filters:
                      - filter: headers
                        request_set: [{ name: x-b, value: "2" }]
                """);
        assertThat(b.ok()).isTrue();
        assertThat(b.pipeline().filters()).hasSize(2);
        b.gateway().close();
    }

    @Test
    void readsServerKeysAndTls(@TempDir Path dir) throws Exception {
        Path cert = Files.writeString(dir.resolve("c.pem"), "cert");
        Path key = Files.writeString(dir.resolve("k.pem"), "key");
        ExtProcBuild b = build("""
                server:
                  grpc_address: "127.0.0.1:6000"
                  health_address: "127.0.0.1:6001"
                  metrics_address: "127.0.0.1:6002"
                  tls: { mode: provided, cert_path: "%s", key_path: "%s" }
                """.formatted(cert, key) + CHAIN);
        assertThat(b.ok()).isTrue();
        assertThat(b.config().server().grpcAddress()).isEqualTo(new HostPort("127.0.0.1", 6000));
        assertThat(b.config().server().tls()).isEqualTo(new ExtProcTls.Provided(cert, key));
        b.gateway().close();
    }

    @Test
    void providedTlsRefusesAMissingOrUnreadableFileNamingTheKey(@TempDir Path dir) throws Exception {
        Path key = Files.writeString(dir.resolve("k.pem"), "key");
        assertThat(errors("server: { tls: { mode: provided, cert_path: \"%s\", key_path: \"%s\" } }\n"
                .formatted(dir.resolve("absent.pem"), key) + CHAIN))
                .as("a missing certificate is refused at load, not at the first handshake")
                .anyMatch(e -> e.contains("server.tls.cert_path") && e.contains("absent.pem")
                        && e.contains("expected: a readable file"))
                .noneMatch(e -> e.contains("server.tls.key_path"));
        assertThat(errors("server: { tls: { mode: provided, cert_path: \"%s\", key_path: \"%s\" } }\n"
                .formatted(key, dir) + CHAIN))
                .as("a directory is no key file").anyMatch(e -> e.contains("server.tls.key_path")
                        && e.contains("a readable file"));
    }

    @Test
    void refusesUnknownKeysEverywhereAndListsEveryProblem() {
        List<String> errors = errors("""
                listeners: []
                server:
                  grpc_adress: "127.0.0.1:1"
                  metrics_address: "nohost"
                  tls: { mode: bogus }
                """ + CHAIN);
        assertThat(errors).anyMatch(e -> e.contains("listeners"));
        assertThat(errors).anyMatch(e -> e.contains("server.grpc_adress"));
        assertThat(errors).anyMatch(e -> e.contains("server.metrics_address"));
        assertThat(errors).anyMatch(e -> e.contains("server.tls.mode") && e.contains("bogus"));
    }

    @Test
    void providedTlsNeedsBothPaths() {
        assertThat(errors("server: { tls: { mode: provided, cert_path: /c.pem } }\n" + CHAIN))
                .anyMatch(e -> e.contains("server.tls.key_path") && e.contains("missing"));
        assertThat(errors("server: { tls: { mode: none, key_path: /k.pem } }\n" + CHAIN))
                .anyMatch(e -> e.contains("server.tls.key_path"));
    }

    @Test
    void refusesMissingOrEmptyChainsAndDuplicates() {
        assertThat(errors("server: {}\n")).anyMatch(e -> e.contains("filter_chains") && e.contains("missing"));
        assertThat(errors("filter_chains: []\n")).anyMatch(e -> e.contains("filter_chains"));
        assertThat(errors(CHAIN + CHAIN.substring(CHAIN.indexOf("  - name")))).anyMatch(e -> e.contains("duplicate"));
    }

    @Test
    void refusesAFilterProblemWithItsPath() {
        assertThat(errors("""
                filter_chains:
                  - name: main
                    filters:
                      - filter: no_such_filter
                """)).anyMatch(e -> e.contains("filter_chains[0].filters[0]"));
    }

    @Test
    void pickerModeNeedsARouteHeader() {
        assertThat(errors("server: { picker_mode: true }\n" + CHAIN))
                .anyMatch(e -> e.contains("server.picker_mode") && e.contains("route_header"));
    }

    @Test
    void refusesACircuitBreakerSinceEnvoyReportsNoUpstreamOutcome() {
        assertThat(errors("""
                filter_chains:
                  - name: main
                    filters:
                      - filter: router
                        routes: [{ path_prefix: /, cluster: api }]
                      - filter: circuit_breaker
                        clusters: [{ name: api, consecutive_failures: 3, recovery_window_secs: 10 }]
                      - filter: load_balancer
                        clusters: [{ name: api, endpoints: ["203.0.113.10:80"] }]
                """)).as("the breaker would count Envoy's local replies, for a cluster Envoy may not use")
                .singleElement().asString().contains("filter_chains[0].filters[1].filter")
                .contains("circuit_breaker is not supported by jpraxis extproc")
                .contains("Envoy's outlier_detection and circuit_breakers");
    }

    @Test
    void refusesStickySessionsSinceEnvoyPicksTheEndpoint() {
        assertThat(errors("""
                filter_chains:
                  - name: main
                    filters:
                      - filter: router
                        routes: [{ path_prefix: /, cluster: api }]
                      - filter: sticky_sessions
                        clusters: [{ name: api, type: cookie, cookie_name: sid }]
                      - filter: load_balancer
                        clusters: [{ name: api, endpoints: ["203.0.113.10:80", "203.0.113.11:80"] }]
                """)).as("the pinned endpoint is not the one Envoy's balancer uses")
                .singleElement().asString().contains("filter_chains[0].filters[1].filter")
                .contains("sticky_sessions is not supported by jpraxis extproc");
    }
}
