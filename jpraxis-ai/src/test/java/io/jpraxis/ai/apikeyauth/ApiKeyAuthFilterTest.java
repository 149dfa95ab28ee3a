package io.jpraxis.ai.apikeyauth;

import static io.jpraxis.ai.apikeyauth.ApiKeyAuthFactoryTest.KEY_A;
import static io.jpraxis.ai.apikeyauth.ApiKeyAuthFactoryTest.KEY_B;
import static io.jpraxis.ai.apikeyauth.ApiKeyAuthFactoryTest.SHA_A;
import static io.jpraxis.ai.apikeyauth.ApiKeyAuthFactoryTest.SHA_B;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.LocalResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The request path of {@code api_key_auth} (see docs/reference/filters/api_key_auth.md#what-it-does). */
class ApiKeyAuthFilterTest {
    private final HttpFilter filter = AiFixtures.build(new ApiKeyAuthFactory(), "keys:\n"
            + "  - {name: team-a, sha256: " + SHA_A + ", metadata: {team: a}}\n"
            + "  - {name: team-b, sha256: " + SHA_B + "}\n").accepted();

    private static LocalResponse refusal(FilterAction action) {
        assertThat(action).as("refused with a local answer").isInstanceOf(FilterAction.Respond.class);
        return ((FilterAction.Respond) action).response();
    }

    private static String body(LocalResponse r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    @Test
    void aBearerKeyAdmitsAsItsNameAndPublishesMetadata() {
        RequestContext ctx = AiFixtures.request("/v1/chat/completions", "Authorization", "Bearer " + KEY_A);

        assertThat(filter.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.authenticatedSubject()).as("the key's name is the subject").isEqualTo("team-a");
        assertThat(ctx.metadata().get("team")).as("the key's metadata is published").isEqualTo("a");
        assertThat(ctx.headers().get("authorization")).as("the client's key never goes upstream").isNull();
    }

    @Test
    void anXApiKeyAdmitsAndBothHeadersAreStripped() {
        RequestContext ctx = AiFixtures.request("/v1/messages", "x-api-key", KEY_B, "Authorization", "Basic eDp5");

        assertThat(filter.onRequest(ctx)).as("a non-Bearer Authorization falls back to x-api-key")
                .isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.authenticatedSubject()).isEqualTo("team-b");
        assertThat(ctx.headers().get("x-api-key")).as("x-api-key stripped").isNull();
        assertThat(ctx.headers().get("authorization")).as("authorization stripped").isNull();
    }

    @Test
    void aWrongKeyOnAnOpenAiPathIsOpenAisInvalidApiKey() {
        RequestContext ctx = AiFixtures.request("/v1/chat/completions", "Authorization", "Bearer sk-wrong");

        LocalResponse r = refusal(filter.onRequest(ctx));
        assertThat(r.status()).isEqualTo(401);
        assertThat(body(r)).isEqualTo("{\"error\":{\"message\":\"Invalid API key\",\"type\":\"authentication_error\","
                + "\"param\":null,\"code\":\"invalid_api_key\"}}");
        assertThat(r.headers().get("www-authenticate")).isEqualTo("Bearer");
        assertThat(ctx.authenticatedSubject()).as("no subject for a refused request").isNull();
        assertThat(ctx.headers().get("authorization")).as("stripped even when refused").isNull();
    }

    @Test
    void aMissingKeyOnAnAnthropicPathIsAnAuthenticationError() {
        RequestContext ctx = AiFixtures.request("/v1/messages");
        LocalResponse r = refusal(filter.onRequest(ctx));

        assertThat(r.status()).isEqualTo(401);
        assertThat(body(r)).isEqualTo("{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\","
                + "\"message\":\"Invalid API key\"},\"request_id\":\"" + ctx.requestId() + "\"}");
        assertThat(r.headers().get("www-authenticate")).isEqualTo("Bearer");
    }

    @Test
    void otherPathsGetThePlainJsonError() {
        LocalResponse r = refusal(filter.onRequest(AiFixtures.request("/admin", "x-api-key", "nope")));

        assertThat(r.status()).isEqualTo(401);
        assertThat(body(r)).as("no SDK shape off the AI paths").doesNotContain("invalid_api_key")
                .doesNotContain("authentication_error");
    }

    @Test
    void presentedKeyPrefersBearerAndIgnoresBlanks() {
        assertThat(ApiKeyAuthFilter.presented("bearer  k1 ", "k2")).as("scheme in any case, trimmed").isEqualTo("k1");
        assertThat(ApiKeyAuthFilter.presented("Bearer   ", "k2")).as("empty bearer falls back").isEqualTo("k2");
        assertThat(ApiKeyAuthFilter.presented(null, "  ")).isNull();
        assertThat(ApiKeyAuthFilter.presented("Bearer", null)).isNull();
    }

    @Test
    void theConfigAndItsDumpHoldNoKey() {
        assertThat(filter.config().toString()).doesNotContain(KEY_A).contains(SHA_A);
    }
}
