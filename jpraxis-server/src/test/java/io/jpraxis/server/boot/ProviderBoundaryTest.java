package io.jpraxis.server.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The provider boundary check (see docs/behaviour/ordering-checks.md#the-provider-boundary) over
 * whole configs with the real filters: each rule, and that no insecure option disables it.
 */
class ProviderBoundaryTest {
    private static final String DEMO = Path.of("../examples/tls").toAbsolutePath().normalize() + "/";
    private static final String TRUST = """
                  - filter: peer_identity_trust
                    trusted_peers:
                      - organization: "jpraxis demo"
            """;
    private static final String PROVIDER = """
                  - filter: provider_route
                    name: map
                    provider_id: east
                    routes:
                      - {candidate_id: gpt, cluster: openai, model: gpt-4o, paths: [/v1/chat/completions]}
            """;
    private static final String BALANCER = """
                  - filter: load_balancer
                    clusters:
                      - name: openai
                        endpoints: ["203.0.113.10:443"]
            """;

    private static String tls(String mode) {
        return """
                    tls:
                      certificates:
                        - {cert_path: "%sgateway.pem", key_path: "%sgateway.key"}
                      client_ca: {ca_path: "%sdemo-ca.pem"}
                      client_cert_mode: %s
                """.formatted(DEMO, DEMO, DEMO, mode);
    }

    /** One listener {@code provider} over chain {@code main} holding {@code filters}. */
    private static String config(String tls, String filters, String tail) {
        return "listeners:\n  - name: provider\n    address: \"127.0.0.1:8443\"\n    filter_chains: [main]\n" + tls
                + "filter_chains:\n  - name: main\n    filters:\n" + filters + tail;
    }

    private static CompileResult build(String yaml) {
        return new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system()).build(yaml);
    }

    private static List<String> errors(String yaml) {
        return build(yaml).diagnostics().errors().stream().map(Diagnostic::render).toList();
    }

    private static List<String> boundaryErrors(String yaml) {
        return errors(yaml).stream().filter(e -> e.contains(": listener 'provider'")).toList();
    }

    @Test
    void acceptsMutualTlsWithPeerTrustFirstAndProviderRouteAtTheTopLevel() {
        assertThat(errors(config(tls("require"), TRUST + PROVIDER + BALANCER, ""))).isEmpty();
    }

    @Test
    void acceptsRequireNamedWhichAlsoRequiresACertificate() {
        String named = tls("require_named") + "      trusted_spiffe_ids: [\"spiffe://demo/edge\"]\n";
        assertThat(errors(config(named, TRUST + PROVIDER + BALANCER, ""))).isEmpty();
    }

    @Test
    void acceptsPeerTrustFirstInTheListenersFirstChainWithProviderRouteInALaterOne() {
        String yaml = "listeners:\n  - name: provider\n    address: \"127.0.0.1:8443\"\n    filter_chains: [trust, "
                + "main]\n" + tls("require") + "filter_chains:\n  - name: trust\n    filters:\n" + TRUST
                + "  - name: main\n    filters:\n" + PROVIDER + BALANCER;
        assertThat(errors(yaml)).isEmpty();
    }

    @Test
    void refusesAListenerWithoutTlsOrWithAnOptionalClientCertificate() {
        assertThat(boundaryErrors(config("", TRUST + PROVIDER + BALANCER, ""))).singleElement().asString()
                .contains("listener 'provider' runs provider_route (chain 'main', provider_route 'map') but has no "
                        + "tls").contains("(expected: tls with client_cert_mode: require or require_named)");
        assertThat(boundaryErrors(config(tls("request"), TRUST + PROVIDER + BALANCER, ""))).singleElement()
                .asString().contains("has tls.client_cert_mode: request");
        assertThat(errors(config(tls("none").replace("      client_ca: {ca_path: \"" + DEMO + "demo-ca.pem\"}\n", ""),
                TRUST + PROVIDER + BALANCER, ""))).singleElement().asString()
                .contains("has tls.client_cert_mode: none");
    }

    @Test
    void refusesProviderRouteWithoutAPrecedingPeerTrust() {
        assertThat(boundaryErrors(config(tls("require"), PROVIDER + TRUST + BALANCER, ""))).containsExactly(
                "line 13: filter_chains[0].filters[0]: listener 'provider': provider_route 'map' of chain 'main' has "
                + "no peer_identity_trust before it, so unauthenticated peers reach it (expected: peer_identity_trust "
                + "as the first filter of the listener's pipeline) [filter provider_route 'map', chain main]");
    }

    @Test
    void refusesAPeerTrustThatIsNotTheFirstFilter() {
        String first = "      - filter: request_id\n";
        assertThat(boundaryErrors(config(tls("require"), first + TRUST + PROVIDER + BALANCER, ""))).singleElement()
                .asString().contains("filter_chains[0].filters[1]: listener 'provider': provider_route 'map' of chain "
                        + "'main' is preceded by peer_identity_trust of chain 'main' at position 1")
                .contains("(expected: peer_identity_trust first)");
        assertThat(boundaryErrors(config(tls("require"), TRUST + TRUST + PROVIDER + BALANCER, "")))
                .as("the nearest one counts, not the first one").singleElement().asString()
                .contains("at position 1");
    }

    @Test
    void refusesConditionsAndFailOpenOnEitherBoundaryFilter() {
        String conditionalTrust = TRUST + "        conditions:\n          - when: {path_prefix: /v1}\n";
        assertThat(boundaryErrors(config(tls("require"), conditionalTrust + PROVIDER + BALANCER, ""))).singleElement()
                .asString().contains("peer_identity_trust of chain 'main' has request conditions");
        String openProvider = PROVIDER + "        failure_mode: open\n";
        assertThat(boundaryErrors(config(tls("require"), TRUST + openProvider + BALANCER, ""))).singleElement()
                .asString().contains("provider_route 'map' of chain 'main' has failure_mode: open")
                .contains("(expected: failure_mode: closed)");
        String chainCondition = config(tls("require"), TRUST + PROVIDER + BALANCER, "").replace(
                "  - name: main\n", "  - name: main\n    conditions:\n      - when: {path_prefix: /v1}\n");
        assertThat(boundaryErrors(chainCondition)).as("a chain's conditions gate both").hasSize(2)
                .allSatisfy(e -> assertThat(e).contains("has request conditions (its own or its chain's)"));
    }

    @Test
    void refusesProviderRouteInAnInlineBranch() {
        String branch = "      - filter: headers\n        branch_chains:\n          - name: map_here\n"
                + "            chains:\n              - name: inline\n                filters:\n"
                + PROVIDER.indent(12);
        assertThat(boundaryErrors(config(tls("require"), TRUST + branch + BALANCER, ""))).singleElement().asString()
                .contains("listener 'provider': provider_route 'map' in branch 'map_here' of chain 'inline'")
                .contains("(expected: provider_route in the top-level pipeline, never in a branch)");
    }

    @Test
    void refusesProviderRouteInANamedBranchChainOnceHoweverOftenItIsUsed() {
        String branches = "      - filter: headers\n        branch_chains:\n          - name: one\n"
                + "            chains: [mapping]\n      - filter: headers\n        branch_chains:\n"
                + "          - name: two\n            chains: [mapping]\n";
        String mapping = "  - name: mapping\n    filters:\n" + PROVIDER;
        List<String> found = boundaryErrors(config(tls("require"), TRUST + branches + BALANCER, mapping));
        assertThat(found).as("the named chain is reported once").singleElement().asString()
                .contains("provider_route 'map' in branch 'one'");
    }

    @Test
    void refusesProviderRouteInAnIterativeRouterStep() {
        String irr = """
                      - filter: iterative_request_router
                        initial_step: only
                        steps:
                          - name: only
                            filters:
                """ + PROVIDER.indent(12) + BALANCER.indent(12) + """
                            on_result:
                              - default: true
                                done: true
                """;
        CompileResult result = new GatewayBuilder(FeatureSet.parse("iterative-request-router"),
                RuntimeServices.system()).build(config(tls("require"), TRUST + irr, ""));
        assertThat(result.diagnostics().errors().stream().map(Diagnostic::render)
                .filter(e -> e.contains(": listener 'provider'"))).singleElement().asString()
                .contains("provider_route 'map' in nested pipeline 'only' of iterative_request_router")
                .contains("(expected: provider_route in the top-level pipeline only)");
    }

    @Test
    void aBranchConsumerAloneStillNeedsMutualTls() {
        String branch = "      - filter: headers\n        branch_chains:\n          - name: b\n"
                + "            chains: [mapping]\n";
        List<String> found = boundaryErrors(config("", branch + BALANCER, "  - name: mapping\n    filters:\n"
                + PROVIDER));
        assertThat(found).hasSize(2).anySatisfy(e -> assertThat(e).contains("in branch 'b'"))
                .anySatisfy(e -> assertThat(e).contains("runs provider_route but has no tls"));
    }

    @Test
    void noInsecureOptionDisablesOrDemotesTheCheck() {
        String insecure = """
                insecure_options:
                  skip_pipeline_validation: true
                  allow_open_security_filters: true
                  skip_pipeline_checks: {conditional_security: true, lb_without_router: true, unreachable_filters: true}
                """;
        String conditionalTrust = TRUST + "        conditions:\n          - when: {path_prefix: /v1}\n";
        CompileResult result = build(config("", PROVIDER + conditionalTrust + BALANCER, insecure));
        List<String> errors = result.diagnostics().errors().stream().map(Diagnostic::render).toList();
        assertThat(errors).as("still errors, not warnings").hasSize(2)
                .anySatisfy(e -> assertThat(e).contains("but has no tls"))
                .anySatisfy(e -> assertThat(e).contains("has no peer_identity_trust before it"));
        assertThat(result.gateway()).as("the config does not load").isNull();
    }
}
