package io.jpraxis.filters.traffic.endpointselector;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.upstream.ClusterStates;
import io.jpraxis.filters.testing.FilterFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EndpointSelectorFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";
    private static final EndpointSelectorFactory FACTORY = new EndpointSelectorFactory();

    private static EndpointSelectorConfig accepted(String yaml) {
        return (EndpointSelectorConfig) build(FACTORY, yaml).accepted().config();
    }

    @Test
    void defaultsStripTheHeaderDoNotRequireItAndAnswer500() {
        EndpointSelectorConfig c = accepted("source_header: X-Gateway-Destination-Endpoint\n");
        assertThat(c.sourceHeader()).as("names are kept lower case").isEqualTo("x-gateway-destination-endpoint");
        assertThat(c.stripHeader()).as("strip_header defaults to true").isTrue();
        assertThat(c.required()).as("required defaults to false").isFalse();
        assertThat(c.statusOnRequiredFailure()).isEqualTo(500);
        assertThat(c.connection()).isEqualTo(EndpointSelectorConfig.NO_TIMEOUTS);
        assertThat(c.tls()).isNull();
    }

    @Test
    void theSourceHeaderIsOwnedSoIngressStripsTheClientsCopy() {
        FilterDeclaration d = build(FACTORY, "source_header: X-Dest\n").declared();
        assertThat(d.ownedRequestHeaders()).as("docs/behaviour/routing-headers.md#headers-a-filter-owns")
                .containsExactly("x-dest");
        assertThat(d.traits()).as("it sets the upstream itself and is no load balancer")
                .containsExactly(FilterTrait.SETS_UPSTREAM);
    }

    @Test
    void readsEveryKey() {
        EndpointSelectorConfig c = accepted("""
                source_header: x-dest
                strip_header: false
                required: true
                status_on_required_failure: 503
                connection:
                  connection_timeout_ms: 100
                  total_connection_timeout_ms: 200
                  read_timeout_ms: 300
                  write_timeout_ms: 400
                  idle_timeout_ms: 500
                tls:
                  sni: pods.example.internal
                """);
        assertThat(c.stripHeader()).isFalse();
        assertThat(c.required()).isTrue();
        assertThat(c.statusOnRequiredFailure()).isEqualTo(503);
        assertThat(List.of(c.connection().connectMs(), c.connection().totalConnectMs(), c.connection().readMs(),
                c.connection().writeMs(), c.connection().idleMs())).containsExactly(100L, 200L, 300L, 400L, 500L);
        assertThat(c.tls().sni()).isEqualTo("pods.example.internal");
        assertThat(c.tls().verify()).as("verification is on unless turned off").isTrue();
    }

    @Test
    void aMissingSourceHeaderIsRefused() {
        assertThat(build(FACTORY, "required: true\n").refused()).singleElement().asString()
                .contains(AT + "source_header").contains("required");
    }

    @Test
    void aSourceHeaderTheRequestNeedsOrThatIsNoTokenIsRefused() {
        for (String bad : List.of("\"x dest\"", "host", "Authorization", "cookie", "transfer-encoding",
                "connection", "x-praxis-endpoint", "\"\"")) {
            assertThat(build(FACTORY, "source_header: " + bad + "\n").refused()).as(bad).singleElement().asString()
                    .contains(AT + "source_header");
        }
    }

    @Test
    void aStatusOutside400To599IsRefused() {
        for (String bad : List.of("399", "600", "200", "\"503\"")) {
            assertThat(build(FACTORY, "source_header: x-dest\nstatus_on_required_failure: " + bad + "\n").refused())
                    .as(bad).singleElement().asString().contains(AT + "status_on_required_failure");
        }
        assertThat(accepted("source_header: x-dest\nstatus_on_required_failure: 400\n").statusOnRequiredFailure())
                .isEqualTo(400);
        assertThat(accepted("source_header: x-dest\nstatus_on_required_failure: 599\n").statusOnRequiredFailure())
                .isEqualTo(599);
    }

    @Test
    void connectionTimeoutsHaveTheClusterBoundsAndChecks() {
        assertThat(build(FACTORY, "source_header: x-dest\nconnection: {read_timeout_ms: 0}\n").refused())
                .singleElement().asString().contains(AT + "connection.read_timeout_ms");
        assertThat(build(FACTORY, "source_header: x-dest\nconnection: {connection_timeout_ms: 500, "
                + "total_connection_timeout_ms: 100}\n").refused()).singleElement().asString()
                .contains(AT + "connection.connection_timeout_ms").contains("at most total_connection_timeout_ms");
        assertThat(build(FACTORY, "source_header: x-dest\nconnection: {keepalive_ms: 5}\n").refused())
                .singleElement().asString().contains(AT + "connection.keepalive_ms");
        assertThat(build(FACTORY, "source_header: x-dest\nconnection: 5\n").refused()).singleElement().asString()
                .contains(AT + "connection").contains("a map");
    }

    @Test
    void tlsFollowsTheClusterRules() {
        assertThat(build(FACTORY, "source_header: x-dest\ntls: {}\n").refused()).as("SNI needs its flag to be left out")
                .singleElement().asString().contains(AT + "tls.sni").contains("allow_tls_without_sni");
        assertThat(build(FACTORY, "source_header: x-dest\ntls: {sni: a.example, verify: false}\n").refused())
                .singleElement().asString().contains(AT + "tls.verify").contains("allow_tls_no_verify");
        assertThat(build(FACTORY, "source_header: x-dest\ntls: {sni: a.example, ca: {ca_path: /no/such.pem}}\n")
                .refused()).singleElement().asString().contains(AT + "tls.ca.ca_path").contains("/no/such.pem");
        assertThat(build(FACTORY, "source_header: x-dest\ntls: {sni: a.example, alpn: h2}\n").refused())
                .singleElement().asString().contains(AT + "tls.alpn");
    }

    @Test
    void tlsWithoutSniIsAcceptedUnderItsFlag() {
        FilterBuildContext insecure = context(new InsecureOptions(false, false, false, false, false, false, false,
                true, false, false, Set.of(), false));
        assertThat(((EndpointSelectorConfig) build(FACTORY, "source_header: x-dest\ntls: {}\n", insecure).accepted()
                .config()).tls().sni()).isNull();
    }

    @Test
    void aTlsFileThatHoldsNoCertificateIsRefusedAtLoadNamingIt(@TempDir Path dir) throws IOException {
        Path junk = Files.writeString(dir.resolve("junk.pem"), "not a certificate\n");
        Path key = Files.writeString(dir.resolve("junk.key"), "not a key\n");
        assertThat(build(FACTORY, "source_header: x-dest\ntls: {sni: a.example, ca: {ca_path: \"" + junk + "\"}}\n")
                .refused()).singleElement().asString().contains(AT + "tls").contains("ca_path")
                .contains(junk.toString());
        assertThat(build(FACTORY, "source_header: x-dest\ntls: {sni: a.example, client_cert: {cert_path: \"" + junk
                + "\", key_path: \"" + key + "\"}}\n").refused()).singleElement().asString().contains("client_cert")
                .contains(dir.toString());
    }

    @Test
    void unknownKeysAreRefusedAndEveryProblemReported() {
        List<String> errors = build(FACTORY, """
                source_header: host
                strip: true
                status_on_required_failure: 302
                required: maybe
                """).refused();
        assertThat(errors).as("every problem at once").hasSize(4);
        assertThat(errors).anySatisfy(e -> assertThat(e).contains(AT + "strip").contains("unknown key"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains(AT + "source_header"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains(AT + "status_on_required_failure"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains(AT + "required"));
    }

    @Test
    void tlsRegistersItsClusterSoTheEdgePreparesItsContextPlainTcpDoesNot() {
        FilterBuildContext context = FilterFixtures.buildContext();
        build(FACTORY, "source_header: x-dest\n", context).accepted();
        assertThat(context.clusterStates().all()).as("plain TCP needs nothing prepared").isEmpty();
        build(FACTORY, "source_header: x-dest\ntls: {sni: pods.example}\n", context).accepted();
        assertThat(context.clusterStates().all()).singleElement()
                .satisfies(s -> assertThat(s.name()).isEqualTo("endpoint_selector:x-dest"))
                .satisfies(s -> assertThat(s.config().tls().sni()).isEqualTo("pods.example"));
    }

    @Test
    void theDumpHasTheConfigShape() {
        EndpointSelectorConfig c = accepted("source_header: x-dest\nconnection: {read_timeout_ms: 300}\n"
                + "tls: {sni: a.example}\n");
        assertThat(c.toYaml()).asString().isEqualTo("{source_header=x-dest, strip_header=true, required=false, "
                + "status_on_required_failure=500, connection={read_timeout_ms=300}, tls={sni=a.example, verify=true}}");
    }

    private static FilterBuildContext context(InsecureOptions insecure) {
        return new FilterBuildContext(FeatureSet.NONE, insecure, BodyLimits.DEFAULT, List.of(),
                FilterFixtures.services(), new ClusterStates());
    }
}
