package io.jpraxis.ai.tokencount;

import static io.jpraxis.ai.testing.AiFixtures.AT;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.FilterDeclaration;
import org.junit.jupiter.api.Test;

/** Each config rule of {@code token_count} (see docs/reference/filters/token_count.md#keys). */
class TokenCountFactoryTest {

    private static String refused(String yaml) {
        return String.join("\n", AiFixtures.build(new TokenCountFactory(), yaml).refused());
    }

    @Test
    void defaultsAreOneMebibyteForBothLimits() {
        TokenCountConfig config = (TokenCountConfig) AiFixtures.build(new TokenCountFactory(), "provider: openai")
                .accepted().config();
        assertThat(config).isEqualTo(new TokenCountConfig(TokenProvider.OPENAI, 1_048_576, 1_048_576));
    }

    @Test
    void everyProviderIsAccepted() {
        for (TokenProvider p : TokenProvider.values()) {
            String name = p.name().toLowerCase(java.util.Locale.ROOT);
            TokenCountConfig config = (TokenCountConfig) AiFixtures.build(new TokenCountFactory(), "provider: " + name
                    + "\nmax_body_bytes: 67108864\nmax_scratch_bytes: 1").accepted().config();
            assertThat(config.provider()).as(name).isEqualTo(p);
        }
    }

    @Test
    void providerIsRequiredAndFromTheList() {
        assertThat(refused("{}")).contains(AT + "provider").contains("required");
        assertThat(refused("provider: mistral")).contains(AT + "provider").contains("openai")
                .contains("bedrock_invoke_model");
    }

    @Test
    void limitsAreOneTo64Mebibytes() {
        String errors = refused("provider: openai\nmax_body_bytes: 0\nmax_scratch_bytes: 67108865");
        assertThat(errors).as("both limits reported together").contains(AT + "max_body_bytes")
                .contains(AT + "max_scratch_bytes").contains("67108864");
    }

    @Test
    void unknownKeysAreRefused() {
        assertThat(refused("provider: openai\nmodel_labels: [gpt-4o]")).contains(AT + "model_labels");
    }

    @Test
    void readsTheResponseBodyAsItStreamsAndWritesTokenUsage() {
        FilterDeclaration d = AiFixtures.build(new TokenCountFactory(), "provider: anthropic").declared();
        assertThat(d.responseBody()).as("read-only, never held back")
                .isEqualTo(new FilterDeclaration.Body(BodyAccess.READ_ONLY, BodyMode.STREAM));
        assertThat(d.traits()).contains(FilterTrait.WRITES_TOKEN_USAGE);
        assertThat(d.responseHook()).isTrue();
        assertThat(d.logHook()).as("an exchange cut short still publishes").isTrue();
    }

    @Test
    void bedrockInvokeModelReadsNoBody() {
        FilterDeclaration d = AiFixtures.build(new TokenCountFactory(), "provider: bedrock_invoke_model").declared();
        assertThat(d.responseBody().access()).isEqualTo(BodyAccess.NONE);
    }
}
