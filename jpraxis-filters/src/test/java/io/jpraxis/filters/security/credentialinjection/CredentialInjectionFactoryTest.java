package io.jpraxis.filters.security.credentialinjection;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.filters.testing.FilterFixtures;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CredentialInjectionFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";
    private static final CredentialInjectionFactory FACTORY = new CredentialInjectionFactory(
            Map.of("API_KEY", "env-secret-1", "BAD_KEY", "line\r\nx-evil: 1")::get);

    @Test
    void declaresASecurityFilterWithAResponseHook() {
        FilterFixtures.Built built = build(FACTORY, "clusters: [{name: a, header: x-api-key, value: k-123}]\n");
        assertThat(built.declared().traits()).contains(FilterTrait.SECURITY);
        assertThat(built.declared().responseHook()).isTrue();
    }

    @Test
    void theConfigDumpShowsWhereNotWhat() {
        CredentialInjectionConfig config = (CredentialInjectionConfig) build(FACTORY, """
                clusters:
                  - {name: a, header: Authorization, value: inline-secret-9, header_prefix: "Bearer "}
                  - {name: b, header: x-api-key, env_var: API_KEY}
                """).accepted().config();
        assertThat(config.toString()).doesNotContain("inline-secret-9").doesNotContain("env-secret-1");
        assertThat(config.clusters().get(0).toYaml()).isEqualTo(Map.of("name", "a", "header", "authorization",
                "value", "[REDACTED]", "header_prefix", "Bearer ", "strip_client_credential", true));
        assertThat(config.clusters().get(1).toYaml()).isEqualTo(Map.of("name", "b", "header", "x-api-key",
                "env_var", "API_KEY", "strip_client_credential", true));
    }

    @Test
    void duplicateClusterNamesAreRefused() {
        assertThat(build(FACTORY, "clusters: [{name: a, header: h, value: x}, {name: a, header: g, value: y}]\n")
                .refused()).singleElement().asString().contains(AT + "clusters[1].name").contains("clusters[0]");
    }

    @Test
    void bothOrNeitherSourceIsRefusedWithoutEchoingTheSecret() {
        assertThat(build(FACTORY, "clusters: [{name: a, header: h, value: inline-secret-9, env_var: API_KEY}]\n")
                .refused()).singleElement().asString().contains("clusters[0].env_var")
                .contains("exactly one of value, env_var").doesNotContain("inline-secret-9");
        assertThat(build(FACTORY, "clusters: [{name: a, header: h}]\n").refused()).singleElement().asString()
                .contains("no value and no env_var");
    }

    @Test
    void anUnsetVariableIsRefused() {
        assertThat(build(FACTORY, "clusters: [{name: a, header: h, env_var: MISSING}]\n").refused()).singleElement()
                .asString().contains("clusters[0].env_var").contains("MISSING").contains("set at startup");
    }

    @Test
    void anInvalidHeaderNameIsRefused() {
        assertThat(build(FACTORY, "clusters: [{name: a, header: 'x api', value: k}]\n").refused()).singleElement()
                .asString().contains("clusters[0].header").contains("valid header name");
    }

    @Test
    void anAssembledValueThatIsNotAHeaderValueIsRefusedWithoutEchoingIt() {
        assertThat(build(FACTORY, "clusters: [{name: a, header: h, env_var: BAD_KEY}]\n").refused()).singleElement()
                .asString().contains("clusters[0].env_var").contains("valid header value").doesNotContain("evil");
        assertThat(build(FACTORY, "clusters: [{name: a, header: h, value: k, header_prefix: \"a\\nb\"}]\n").refused())
                .singleElement().asString().contains("clusters[0].header_prefix");
    }

    @Test
    void clustersAreRequiredNotEmptyAndUnknownKeysRefused() {
        assertThat(build(FACTORY, "{}\n").refused()).singleElement().asString().contains(AT + "clusters")
                .contains("required");
        assertThat(build(FACTORY, "clusters: []\n").refused()).anySatisfy(e -> assertThat(e)
                .contains(AT + "clusters"));
        assertThat(build(FACTORY, "clusters: [{name: a, header: h, value: k, prefix: x}]\n").refused())
                .singleElement().asString().contains("clusters[0].prefix: unknown key");
    }

    @Test
    void turningOffTheDeprecatedStripWarnsThatItHasNoEffect() {
        FilterFixtures.Built built = build(FACTORY,
                "clusters: [{name: a, header: h, value: k, strip_client_credential: false}]\n");
        assertThat(built.accepted()).isNotNull();
        assertThat(built.warnings()).singleElement().asString().contains("strip_client_credential")
                .contains("no effect");
    }
}
