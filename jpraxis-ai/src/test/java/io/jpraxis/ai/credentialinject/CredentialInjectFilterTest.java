package io.jpraxis.ai.credentialinject;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The request path of each metadata shape (see
 * docs/reference/filters/credential_inject.md#what-it-does,
 * docs/behaviour/routing-headers.md#credential-references).
 */
class CredentialInjectFilterTest {
    private final HttpFilter filter = AiFixtures.build(new CredentialInjectFactory(Map.<String, String>of()::get), """
            credentials:
              - {name: openai, namespace: ai, key: token, value: sk-bearer}
              - {name: anthropic, namespace: ai, key: token, strategy: apikey, header: X-API-Key, value: sk-apikey}
            """).accepted();

    /** A request whose client sent its own credentials, with the reference intelligent_route would leave. */
    static RequestContext routed(String strategy, String header) {
        RequestContext ctx = AiFixtures.request("/v1/chat", "Authorization", "Bearer client-token", "x-api-key",
                "client-key", "accept", "application/json");
        if (strategy != null) {
            ctx.metadata().put(CredentialMetadata.STRATEGY, strategy);
        }
        ctx.metadata().put(CredentialMetadata.NAME, header == null ? "openai" : "anthropic");
        ctx.metadata().put(CredentialMetadata.NAMESPACE, "ai");
        ctx.metadata().put(CredentialMetadata.KEY, "token");
        if (header != null) {
            ctx.metadata().put(CredentialMetadata.HEADER, header);
        }
        return ctx;
    }

    private static void assertRefused(FilterAction action, String why) {
        assertThat(action).as(why).isEqualTo(FilterAction.reject(503, "upstream credential unavailable"));
    }

    @Test
    void withoutAReferenceTheRequestGoesOnUntouched() {
        RequestContext ctx = AiFixtures.request("/v1/chat", "Authorization", "Bearer client-token");

        assertThat(filter.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.headers().getAll("authorization")).containsExactly("Bearer client-token");
    }

    @Test
    void bearerTokenReplacesTheClientsAuthorization() {
        RequestContext ctx = routed("bearer_token", null);

        assertThat(filter.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.headers().getAll("authorization")).containsExactly("Bearer sk-bearer");
        assertThat(ctx.headers().get("accept")).as("other headers stay").isEqualTo("application/json");
    }

    @Test
    void apikeySetsItsHeaderAndRemovesTheClientsCredentials() {
        RequestContext ctx = routed("apikey", "x-api-key");

        assertThat(filter.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.headers().getAll("x-api-key")).containsExactly("sk-apikey");
        assertThat(ctx.headers().contains("authorization")).as("the client's Authorization is removed").isFalse();
    }

    @Test
    void anIncompleteReferenceFailsClosed() {
        RequestContext noStrategy = routed(null, null);
        assertRefused(filter.onRequest(noStrategy), "strategy missing");
        assertThat(noStrategy.headers().get("authorization")).as("nothing changed on a refusal")
                .isEqualTo("Bearer client-token");

        RequestContext onlyName = AiFixtures.request("/v1/chat");
        onlyName.metadata().put(CredentialMetadata.NAME, "openai");
        assertRefused(filter.onRequest(onlyName), "only a name");
    }

    @Test
    void anUnknownStrategyOrABadCombinationFailsClosed() {
        assertRefused(filter.onRequest(routed("basic", null)), "unknown strategy");
        assertRefused(filter.onRequest(routed("apikey", null)), "apikey without a header");
        RequestContext bearerWithHeader = routed("bearer_token", null);
        bearerWithHeader.metadata().put(CredentialMetadata.HEADER, "x-api-key");
        assertRefused(filter.onRequest(bearerWithHeader), "bearer_token with a header");
    }

    @Test
    void aReferenceNotConfiguredHereFailsClosed() {
        RequestContext ctx = routed("bearer_token", null);
        ctx.metadata().put(CredentialMetadata.KEY, "other-key");
        assertRefused(filter.onRequest(ctx), "unknown key");
    }

    @Test
    void aReferenceThatDisagreesWithTheConfiguredCredentialFailsClosed() {
        RequestContext asBearer = routed("bearer_token", null);
        asBearer.metadata().put(CredentialMetadata.NAME, "anthropic");
        assertRefused(filter.onRequest(asBearer), "configured as apikey, asked as bearer_token");
        assertRefused(filter.onRequest(routed("apikey", "api-key")), "configured on x-api-key, asked on api-key");
        assertThat(filter.onRequest(routed("apikey", "X-API-KEY"))).as("header names compare in any case")
                .isEqualTo(FilterAction.CONTINUE);
    }
}
