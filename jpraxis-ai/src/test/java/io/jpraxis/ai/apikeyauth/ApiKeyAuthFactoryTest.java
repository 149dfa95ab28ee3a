package io.jpraxis.ai.apikeyauth;

import static io.jpraxis.ai.testing.AiFixtures.AT;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.ai.testing.AiFixtures.Built;
import io.jpraxis.core.filter.FilterTrait;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each config rule of {@code api_key_auth} (see docs/reference/filters/api_key_auth.md#keys). */
class ApiKeyAuthFactoryTest {
    static final String KEY_A = "sk-team-a-secret";
    static final String KEY_B = "sk-team-b-secret";
    static final String SHA_A = ApiKeyAuthFilter.sha256Hex(KEY_A);
    static final String SHA_B = ApiKeyAuthFilter.sha256Hex(KEY_B);

    private static Built build(String yaml) {
        return AiFixtures.build(new ApiKeyAuthFactory(), yaml);
    }

    private static List<String> refused(String yaml) {
        return build(yaml).refused();
    }

    @Test
    void keysAreReadWithDigestsLowercasedAndMetadata() {
        Built built = build("keys:\n  - {name: team-a, sha256: " + SHA_A.toUpperCase() + ", metadata: {team: a}}\n"
                + "  - {name: team-b, sha256: " + SHA_B + "}\n");

        ApiKeyAuthConfig config = (ApiKeyAuthConfig) built.accepted().config();
        assertThat(config.keys()).containsExactly(new ApiKeyAuthConfig.ClientKey("team-a", SHA_A, Map.of("team", "a")),
                new ApiKeyAuthConfig.ClientKey("team-b", SHA_B, Map.of()));
        assertThat(built.declared().traits()).as("security-class and sets the subject, as basic_auth")
                .contains(FilterTrait.SECURITY, FilterTrait.SETS_SUBJECT);
    }

    @Test
    void keysAreRequiredAndNotEmpty() {
        assertThat(String.join("\n", refused("{}"))).contains(AT + "keys");
        assertThat(String.join("\n", refused("keys: []"))).contains(AT + "keys").contains("1..");
    }

    @Test
    void aDigestMustBe64HexDigits() {
        assertThat(String.join("\n", refused("keys:\n  - {name: a, sha256: " + SHA_A.substring(1) + "z}\n")))
                .as("a non-hex digest is refused naming the field")
                .contains(AT + "keys[0].sha256").contains("64 hex digits");
    }

    @Test
    void nameAndSha256AreRequired() {
        String errors = String.join("\n", refused("keys:\n  - {metadata: {a: b}}\n"));
        assertThat(errors).contains(AT + "keys[0].name").contains(AT + "keys[0].sha256");
    }

    @Test
    void namesAndDigestsAreUnique() {
        String errors = String.join("\n", refused("keys:\n  - {name: a, sha256: " + SHA_A + "}\n"
                + "  - {name: a, sha256: " + SHA_B + "}\n  - {name: c, sha256: " + SHA_A.toUpperCase() + "}\n"));
        assertThat(errors).as("both duplicates reported, naming the first holder")
                .contains(AT + "keys[1].name").contains(AT + "keys[2].sha256").contains("keys[0] has it");
    }

    @Test
    void unknownKeysAndUnimplementedOptionsAreRefused() {
        String errors = String.join("\n", refused("keys:\n  - {name: a, sha256: " + SHA_A + ", models: [gpt-4o], "
                + "colour: red}\nkeys_file: /etc/keys.yaml\n"));
        assertThat(errors).contains(AT + "keys[0].colour").contains(AT + "keys[0].models").contains(AT + "keys_file")
                .contains("not implemented");
    }

    @Test
    void metadataValuesMustBeStrings() {
        assertThat(String.join("\n", refused("keys:\n  - {name: a, sha256: " + SHA_A + ", metadata: {tier: [x]}}\n")))
                .contains(AT + "keys[0].metadata.tier");
    }

    @Test
    void aBlankNameIsRefused() {
        assertThat(String.join("\n", refused("keys:\n  - {name: ' ', sha256: " + SHA_A + "}\n")))
                .contains(AT + "keys[0].name").contains("not blank");
    }
}
