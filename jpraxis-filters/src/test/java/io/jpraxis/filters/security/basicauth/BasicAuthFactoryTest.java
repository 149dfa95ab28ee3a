package io.jpraxis.filters.security.basicauth;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.core.filter.FilterTrait;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BasicAuthFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";
    private static final BasicAuthFactory FACTORY = new BasicAuthFactory(Map.of("DEPLOY_PW", "from-env")::get);

    @Test
    void isGatedBySecurityClassAndRedactsPasswords() {
        assertThat(FACTORY.requiredFeature()).isEqualTo(Feature.BASIC_AUTH_FILTER);
        assertThat(FACTORY.secretFields()).contains("password");
        assertThat(build(FACTORY, "credentials: [{username: a, password: s3cret-pw}]\n").declared().traits())
                .as("it sets the authenticated subject a keyed rate_limit after it needs")
                .contains(FilterTrait.SECURITY, FilterTrait.SETS_SUBJECT);
    }

    @Test
    void defaultsAreRestrictedRealmAndStripping() {
        BasicAuthConfig config = (BasicAuthConfig) build(FACTORY, "credentials: [{username: a, password: x}]\n")
                .accepted().config();
        assertThat(config.realm()).isEqualTo("Restricted");
        assertThat(config.stripAuthorization()).isTrue();
    }

    @Test
    void theConfigAndItsDumpNeverHoldThePassword() {
        BasicAuthConfig config = (BasicAuthConfig) build(FACTORY,
                "credentials: [{username: admin, password: s3cret-pw}, {username: deploy, env_var: DEPLOY_PW}]\n")
                .accepted().config();
        assertThat(config.toString()).doesNotContain("s3cret-pw").doesNotContain("from-env");
        assertThat(config.credentials().get(0).toYaml()).isEqualTo(Map.of("username", "admin",
                "password", "[REDACTED]"));
        assertThat(config.credentials().get(1).toYaml()).isEqualTo(Map.of("username", "deploy",
                "env_var", "DEPLOY_PW"));
    }

    @Test
    void anUnsetVariableIsRefusedNamingItNotAValue() {
        assertThat(build(FACTORY, "credentials: [{username: a, env_var: NOPE}]\n").refused()).singleElement()
                .asString().contains(AT + "credentials[0].env_var").contains("NOPE").contains("set at startup");
    }

    @Test
    void bothOrNeitherPasswordSourceIsRefused() {
        assertThat(build(FACTORY, "credentials: [{username: a, password: s3cret-pw, env_var: DEPLOY_PW}]\n")
                .refused()).singleElement().asString().contains("credentials[0].env_var")
                .contains("exactly one of password, env_var").doesNotContain("s3cret-pw");
        assertThat(build(FACTORY, "credentials: [{username: a}]\n").refused()).singleElement().asString()
                .contains("credentials[0]").contains("no password and no env_var");
    }

    @Test
    void aWronglyTypedPasswordIsNotEchoed() {
        assertThat(build(FACTORY, "credentials: [{username: a, password: 918273645}]\n").refused()).singleElement()
                .asString().contains("credentials[0].password").contains("[REDACTED]").doesNotContain("918273645");
    }

    @Test
    void blankLongAndDuplicateUserNamesAreRefused() {
        assertThat(build(FACTORY, "credentials: [{username: ' ', password: x}]\n").refused()).singleElement()
                .asString().contains("credentials[0].username").contains("not blank");
        assertThat(build(FACTORY, "credentials: [{username: " + "u".repeat(257) + ", password: x}]\n").refused())
                .singleElement().asString().contains("256 bytes");
        assertThat(build(FACTORY, "credentials: [{username: " + "u".repeat(256) + ", password: x}]\n").accepted())
                .isNotNull();
        assertThat(build(FACTORY, "credentials: [{username: a, password: x}, {username: a, password: y}]\n")
                .refused()).singleElement().asString().contains("credentials[1].username")
                .contains("credentials[0] has it");
    }

    @Test
    void aRealmThatWouldBreakTheChallengeIsRefused() {
        for (String realm : new String[] {"\"a\\\"b\"", "\"a\\\\b\"", "\"a\\tb\""}) {
            assertThat(build(FACTORY, "realm: " + realm + "\ncredentials: [{username: a, password: x}]\n").refused())
                    .as(realm).singleElement().asString().contains(AT + "realm").contains("double quotes");
        }
    }

    @Test
    void credentialsAreRequiredAndNotEmpty() {
        assertThat(build(FACTORY, "realm: x\n").refused()).singleElement().asString().contains(AT + "credentials")
                .contains("required");
        assertThat(build(FACTORY, "credentials: []\n").refused()).anySatisfy(e -> assertThat(e)
                .contains(AT + "credentials"));
    }

    @Test
    void kvStoreIsRefusedAsNotImplementedAndUnknownKeysAsUnknown() {
        assertThat(build(FACTORY, "kv_store: users\ncredentials: [{username: a, password: x}]\n").refused())
                .singleElement().asString().contains(AT + "kv_store").contains("not implemented");
        assertThat(build(FACTORY, "credentials: [{username: a, password: x, role: admin}]\n").refused())
                .singleElement().asString().contains("credentials[0].role: unknown key");
        assertThat(build(FACTORY, "realms: x\ncredentials: [{username: a, password: x}]\n").refused())
                .singleElement().asString().contains(AT + "realms: unknown key");
    }
}
