package io.jpraxis.ai.credentialinject;

import static io.jpraxis.ai.testing.AiFixtures.AT;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.candidate.CredentialStrategy;
import io.jpraxis.ai.candidate.SecretRef;
import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.ai.testing.AiFixtures.Built;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.HttpFilter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each config rule, and no diagnostic or dump that shows a token (see
 * docs/reference/filters/credential_inject.md#what-it-does,
 * docs/behaviour/routing-headers.md#credential-references).
 */
class CredentialInjectFactoryTest {
    private static final String C0 = AT + "credentials[0].";
    private static final Map<String, String> ENV = Map.of("OPENAI_KEY", "sk-from-env", "EMPTY_KEY", "");

    @TempDir
    Path dir;

    private static Built build(String yaml) {
        return AiFixtures.build(new CredentialInjectFactory(ENV::get), yaml);
    }

    private static List<String> refused(String yaml) {
        List<String> errors = build(yaml).refused();
        assertThat(String.join("\n", errors)).as("no diagnostic quotes a token").doesNotContain("sk-");
        return errors;
    }

    private static String one(String keys) {
        return "credentials:\n  - name: openai\n    namespace: ai\n    key: token\n" + keys.indent(4);
    }

    private static CredentialInjectFilter filter(String yaml) {
        return (CredentialInjectFilter) build(yaml).accepted();
    }

    @Test
    void bearerTokenIsTheDefaultAndTheConfigHoldsNoToken() {
        CredentialInjectFilter f = filter(one("value: sk-inline-secret"));

        CredentialEntry entry = f.config().credentials().getFirst();
        assertThat(entry).isEqualTo(new CredentialEntry(new SecretRef("openai", "ai", "token"),
                CredentialStrategy.BEARER_TOKEN, null, new TokenSource.Inline()));
        assertThat(entry.toYaml()).as("dump shape: Praxis's keys, the value redacted").isEqualTo(Map.of("name", "openai",
                "namespace", "ai", "key", "token", "strategy", "bearer_token", "value", "[REDACTED]"));
        assertThat(f.config().toString()).doesNotContain("sk-inline-secret");
    }

    @Test
    void apikeyGoesInItsHeaderAndReadsTheEnvironment() {
        CredentialInjectFilter f = filter(one("strategy: apikey\nheader: X-API-Key\nenv_var: OPENAI_KEY"));

        CredentialEntry entry = f.config().credentials().getFirst();
        assertThat(entry.strategy()).isEqualTo(CredentialStrategy.APIKEY);
        assertThat(entry.toYaml()).isEqualTo(Map.of("name", "openai", "namespace", "ai", "key", "token",
                "strategy", "apikey", "header", "X-API-Key", "env_var", "OPENAI_KEY"));
        assertThat(f.toString() + f.config()).doesNotContain("sk-from-env");
    }

    @Test
    void headerIsRequiredWithApikeyAndRefusedWithBearerToken() {
        assertThat(refused(one("strategy: apikey\nvalue: sk-1"))).containsExactly("line 2: " + C0
                + "header: missing (expected: the header the key goes in, required with strategy apikey; "
                + "invalid_credential_combination)");
        assertThat(refused(one("header: x-api-key\nvalue: sk-1"))).singleElement().asString()
                .contains(C0 + "header: \"x-api-key\" (expected: no header with strategy bearer_token")
                .contains("invalid_credential_combination");
    }

    @Test
    void otherStrategiesAreUnsupported() {
        assertThat(refused(one("strategy: basic\nvalue: sk-1"))).containsExactly("line 5: " + C0
                + "strategy: \"basic\" (expected: bearer_token | apikey; unsupported_credential_strategy)");
    }

    @Test
    void theApikeyHeaderMayBeACredentialHeaderButNotAReservedOrHopByHopOne() {
        assertThat(filter(one("strategy: apikey\nheader: authorization\nvalue: sk-1")).config().credentials())
                .hasSize(1);
        assertThat(refused(one("strategy: apikey\nheader: X-Praxis-Key\nvalue: sk-1"))).singleElement().asString()
                .contains("not in the reserved x-praxis- namespace");
        assertThat(refused(one("strategy: apikey\nheader: proxy-authorization\nvalue: sk-1"))).singleElement()
                .asString().contains("not a hop-by-hop header");
    }

    @Test
    void exactlyOneTokenSource() {
        assertThat(refused(one("strategy: bearer_token"))).containsExactly("line 2: " + AT
                + "credentials[0]: no token source (expected: exactly one of value, env_var, file)");
        assertThat(refused(one("value: sk-1\nenv_var: OPENAI_KEY\nfile: /x"))).containsExactly(
                "line 6: " + C0 + "env_var: set together with value (expected: exactly one of value, env_var, file)",
                "line 7: " + C0 + "file: set together with value (expected: exactly one of value, env_var, file)");
    }

    @Test
    void anEnvironmentVariableMustBeSetAtStartup() {
        assertThat(refused(one("env_var: MISSING_KEY"))).containsExactly(
                "line 5: " + C0 + "env_var: \"MISSING_KEY\" (expected: an environment variable set at startup)");
        assertThat(refused(one("env_var: EMPTY_KEY"))).containsExactly(
                "line 5: " + C0 + "env_var: [REDACTED] (expected: a token of 1..16384 bytes (it has 0))");
        assertThat(refused(one("env_var: \"" + "E".repeat(4097) + "\""))).singleElement().asString()
                .contains("(expected: 1..4096 characters)");
    }

    @Test
    void aFileIsReadOnceTrimmedAndBounded() throws IOException {
        Path token = Files.writeString(dir.resolve("token"), "\n  sk-from-file \n");
        Path exact = Files.writeString(dir.resolve("exact"), "k".repeat(16 * 1024));
        Path oversized = Files.writeString(dir.resolve("big"), "k".repeat(16 * 1024 + 1));
        Path blank = Files.writeString(dir.resolve("blank"), " \n\t ");

        RequestContext ctx = CredentialInjectFilterTest.routed("bearer_token", null);
        filter(one("file: \"" + token + "\"")).onRequest(ctx);
        assertThat(ctx.headers().get("authorization")).as("whitespace trimmed").isEqualTo("Bearer sk-from-file");
        assertThat(filter(one("file: \"" + exact + "\"")).config().credentials()).hasSize(1);
        assertThat(refused(one("file: \"" + oversized + "\""))).singleElement().asString()
                .endsWith("(expected: a file of at most 16384 bytes)");
        assertThat(refused(one("file: \"" + blank + "\""))).singleElement().asString()
                .endsWith("(expected: a file holding a token (it is empty or only whitespace))");
        assertThat(refused(one("file: \"" + dir.resolve("absent") + "\""))).singleElement().asString()
                .endsWith("(expected: a readable file (NoSuchFileException))");
    }

    @Test
    void theFileIsReadAtConstructionNotPerRequest() throws IOException {
        Path token = Files.writeString(dir.resolve("token"), "sk-at-startup\n");
        HttpFilter f = filter(one("file: \"" + token + "\""));
        Files.writeString(token, "sk-changed-later");

        RequestContext ctx = CredentialInjectFilterTest.routed("bearer_token", null);
        f.onRequest(ctx);
        assertThat(ctx.headers().get("authorization")).isEqualTo("Bearer sk-at-startup");
    }

    @Test
    void tokensMustBeShortEnoughAndMakeALegalHeaderValue() {
        assertThat(refused(one("value: \"" + "k".repeat(16 * 1024 + 1) + "\""))).containsExactly(
                "line 5: " + C0 + "value: [REDACTED] (expected: a token of 1..16384 bytes (it has 16385))");
        assertThat(refused(one("value: \"\""))).singleElement().asString().contains("(it has 0)");
        for (String bad : List.of("sk-a\\r\\nx-evil: 1", "sk-caf\\u00e9", "sk-trailing ")) {
            assertThat(refused(one("value: \"" + bad + "\""))).as(bad).containsExactly("line 5: " + C0
                    + "value: [REDACTED] (expected: a token that makes a legal header value: visible ASCII, spaces "
                    + "and tabs only, without leading or trailing whitespace)");
        }
        assertThat(refused(one("value: 12345"))).containsExactly(
                "line 5: " + C0 + "value: [REDACTED] (expected: a string (the token); found integer)");
    }

    @Test
    void locatorsAreOneTo256NonBlankBytes() {
        List<String> errors = refused("""
                credentials:
                  - {name: " ", namespace: "%s", value: sk-1}
                """.formatted("n".repeat(257)));
        assertThat(errors).containsExactly(
                "line 2: " + C0 + "name: \" \" (expected: 1..256 bytes, not blank)",
                "line 2: " + C0 + "namespace: \"" + "n".repeat(257) + "\" (expected: 1..256 bytes, not blank)",
                "line 2: " + C0 + "key: missing (expected: a value; this key is required)");
    }

    @Test
    void aReferenceMayBeConfiguredOnce() {
        assertThat(refused("""
                credentials:
                  - {name: a, namespace: n, key: k, value: sk-1}
                  - {name: b, namespace: n, key: k, value: sk-2}
                  - {name: a, namespace: n, key: k, strategy: apikey, header: x-api-key, value: sk-3}
                """)).containsExactly("line 4: " + AT + "credentials[2]: name/namespace/key \"a/n/k\" (expected: a "
                + "reference no other credential has; credentials[0] has it)");
    }

    @Test
    void credentialsIsARequiredListOf1To1024() {
        assertThat(refused("{}")).containsExactly(
                "line 1: " + AT + "credentials: missing (expected: a value; this key is required)");
        assertThat(refused("credentials: []")).containsExactly(
                "line 1: " + AT + "credentials: [] (expected: 1..1024 credentials (it has 0))");
        StringBuilder many = new StringBuilder("credentials:\n");
        for (int i = 0; i <= 1024; i++) {
            many.append("  - {name: c").append(i).append(", namespace: n, key: k, value: t}\n");
        }
        assertThat(build(many.toString()).refused()).first().asString()
                .contains("(expected: 1..1024 credentials (it has 1025))");
    }

    @Test
    void unknownKeysAreRefusedAtBothLevels() {
        assertThat(refused(one("value: sk-1\nsecretRef: {name: x}") + "api_key: x\n")).containsExactly(
                "line 6: " + C0 + "secretRef: unknown key",
                "line 7: " + AT + "api_key: unknown key");
    }

    @Test
    void secretBytesNeverLeaveThroughTheFilter() {
        CredentialInjectFilter f = filter(one("value: sk-inline-secret"));
        assertThat(f.toString() + f.config() + f.config().credentials().getFirst().toYaml())
                .doesNotContain("sk-inline-secret");
        assertThat(new InjectedHeader(CredentialStrategy.BEARER_TOKEN, "authorization", "Bearer sk-x").toString())
                .doesNotContain("sk-x");
    }
}
