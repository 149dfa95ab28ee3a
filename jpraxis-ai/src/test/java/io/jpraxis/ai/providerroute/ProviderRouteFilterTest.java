package io.jpraxis.ai.providerroute;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The request steps of {@code provider_route} (see docs/reference/filters/provider_route.md#what-it-does). */
class ProviderRouteFilterTest {
    private static final String REVISION = "0123456789abcdef".repeat(4);
    private static final String CONFIG = """
            provider_id: east-provider
            emit_demo_attribution: true
            routes:
              - candidate_id: gpt-east
                cluster: openai-east
                model: gpt-4o
                paths: [/v1/chat/completions, /v1/responses]
                credential: {strategy: bearer_token, secretRef: {name: openai, namespace: ai, key: token}}
              - candidate_id: local
                cluster: vllm
                model: llama
                paths: [/v1/chat/completions]
            """;
    private static final HttpFilter FILTER = AiFixtures.build(new ProviderRouteFactory(), CONFIG).accepted();

    /** A trusted hop for {@code gpt-east}, plus {@code extra} name/value pairs. */
    private static RequestContext hop(String path, String... extra) {
        List<String> pairs = new ArrayList<>(List.of("x-ai-routing-candidate", "gpt-east",
                "x-ai-routing-request-id", "hop-1", "X-Model", "gpt-4o"));
        pairs.addAll(List.of(extra));
        return AiFixtures.request(path, pairs.toArray(String[]::new));
    }

    private static RequestContext without(String name, RequestContext ctx) {
        ctx.headers().remove(name);
        return ctx;
    }

    private static int status(RequestContext ctx) {
        FilterAction action = FILTER.onRequest(ctx);
        return action instanceof FilterAction.Reject r ? r.status() : 0;
    }

    @Test
    void aTrustedHopSelectsTheMappedClusterAndRewritesTheHopHeaders() {
        RequestContext ctx = hop("/v1/chat/completions", "x-ai-routing-revision", REVISION,
                "authorization", "Bearer client-token", "x-ai-provider-attribution", "forged",
                "x-ai-provider-request-id", "forged", "x-ai-provider-routing-revision", "forged");

        assertThat(FILTER.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);

        assertThat(ctx.cluster()).isEqualTo("openai-east");
        HeaderMap h = ctx.headers();
        assertThat(h.contains("x-ai-routing-candidate") || h.contains("x-ai-routing-request-id")
                || h.contains("x-ai-routing-revision")).as("hop headers never reach the backend").isFalse();
        assertThat(h.contains("authorization")).as("the client's credential never reaches the backend").isFalse();
        assertThat(h.getAll("x-ai-provider-request-id")).as("replaced by the hop request id").containsExactly("hop-1");
        assertThat(h.getAll("x-ai-provider-attribution")).as("replaced by provider_id")
                .containsExactly("east-provider");
        assertThat(h.getAll("x-ai-provider-routing-revision")).as("the hop's revision, as evidence")
                .containsExactly(REVISION);
        assertThat(h.get("X-Model")).as("the model header stays").isEqualTo("gpt-4o");
        assertThat(ctx.metadata().asMap()).containsEntry("provider_route.candidate_id", "gpt-east")
                .containsEntry("provider_route.cluster", "openai-east")
                .containsEntry("provider_route.model", "gpt-4o")
                .containsEntry("provider_route.provider_id", "east-provider")
                .containsEntry("provider_route.request_id", "hop-1")
                .containsEntry("provider_route.overlay_revision", REVISION)
                .containsEntry("intelligent_route.credential.strategy", "bearer_token")
                .containsEntry("intelligent_route.credential.name", "openai")
                .containsEntry("intelligent_route.credential.namespace", "ai")
                .containsEntry("intelligent_route.credential.key", "token");
    }

    @Test
    void withoutARevisionNoneIsWrittenAndARouteWithoutCredentialClearsAnEarlierReference() {
        RequestContext ctx = AiFixtures.request("/v1/chat/completions", "x-ai-routing-candidate", "local",
                "x-ai-routing-request-id", "hop-2", "X-Model", "llama",
                "x-ai-provider-routing-revision", "forged");
        ctx.metadata().put("intelligent_route.credential.strategy", "bearer_token");
        ctx.metadata().put("intelligent_route.credential.name", "stale");
        ctx.metadata().put("intelligent_route.credential.header", "x-api-key");

        assertThat(FILTER.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);

        assertThat(ctx.cluster()).isEqualTo("vllm");
        assertThat(ctx.headers().contains("x-ai-provider-routing-revision")).as("a forged copy is only stripped")
                .isFalse();
        assertThat(ctx.metadata().asMap()).as("no revision, no credential reference")
                .doesNotContainKeys("provider_route.overlay_revision", "intelligent_route.credential.strategy",
                        "intelligent_route.credential.name", "intelligent_route.credential.header");
    }

    @Test
    void aMissingBlankOversizedOrRepeatedCandidateIs403() {
        assertThat(status(without("x-ai-routing-candidate", hop("/v1/responses")))).isEqualTo(403);
        RequestContext blank = hop("/v1/responses");
        blank.headers().set("x-ai-routing-candidate", "  ");
        assertThat(status(blank)).as("blank").isEqualTo(403);
        RequestContext big = hop("/v1/responses");
        big.headers().set("x-ai-routing-candidate", "c".repeat(257));
        assertThat(status(big)).as("over 256 bytes").isEqualTo(403);
        RequestContext control = hop("/v1/responses");
        control.headers().set("x-ai-routing-candidate", "gpt-east\u0001");
        assertThat(status(control)).as("not text").isEqualTo(403);
        assertThat(status(hop("/v1/responses", "x-ai-routing-candidate", "local"))).as("two values, ambiguous")
                .isEqualTo(403);
    }

    @Test
    void aMissingOrInvalidHopRequestIdIs403() {
        assertThat(status(without("x-ai-routing-request-id", hop("/v1/responses")))).isEqualTo(403);
        RequestContext blank = hop("/v1/responses");
        blank.headers().set("x-ai-routing-request-id", "");
        assertThat(status(blank)).as("empty").isEqualTo(403);
    }

    @Test
    void aRevisionThatIsNot64LowerCaseHexIs403() {
        assertThat(status(hop("/v1/responses", "x-ai-routing-revision", REVISION.toUpperCase()))).as("upper case")
                .isEqualTo(403);
        assertThat(status(hop("/v1/responses", "x-ai-routing-revision", REVISION.substring(1)))).as("63 digits")
                .isEqualTo(403);
        assertThat(status(hop("/v1/responses", "x-ai-routing-revision", REVISION.substring(1) + "g")))
                .as("not hex").isEqualTo(403);
        assertThat(status(hop("/v1/responses", "x-ai-routing-revision", REVISION))).as("a good one passes")
                .isZero();
    }

    @Test
    void aMissingBlankOrOversizedModelIs400() {
        assertThat(status(without("X-Model", hop("/v1/responses")))).isEqualTo(400);
        RequestContext blank = hop("/v1/responses");
        blank.headers().set("X-Model", " ");
        assertThat(status(blank)).as("blank").isEqualTo(400);
        RequestContext big = hop("/v1/responses");
        big.headers().set("X-Model", "m".repeat(257));
        assertThat(status(big)).as("over 256 bytes").isEqualTo(400);
    }

    @Test
    void anUnknownCandidateIs403AndTheHeadersAreStrippedAnyway() {
        RequestContext ctx = hop("/v1/responses", "authorization", "Bearer client");
        ctx.headers().set("x-ai-routing-candidate", "gpt-west");

        assertThat(status(ctx)).isEqualTo(403);
        assertThat(ctx.cluster()).as("nothing selected").isNull();
        assertThat(ctx.headers().contains("authorization") || ctx.headers().contains("x-ai-routing-candidate"))
                .as("stripped on every path").isFalse();
    }

    @Test
    void anotherModelOrAPathNotListedExactlyIs404() {
        RequestContext model = hop("/v1/responses");
        model.headers().set("X-Model", "gpt-4o-mini");
        assertThat(status(model)).as("model compared exactly").isEqualTo(404);
        assertThat(status(hop("/v1/chat"))).as("no prefix matching").isEqualTo(404);
        assertThat(status(hop("/v1/chat/completions/extra"))).as("no prefix matching").isEqualTo(404);
        assertThat(status(hop("/v1/embeddings"))).as("a path not listed").isEqualTo(404);
        RequestContext local = AiFixtures.request("/v1/responses", "x-ai-routing-candidate", "local",
                "x-ai-routing-request-id", "hop-3", "X-Model", "llama");
        assertThat(status(local)).as("paths are per route").isEqualTo(404);
    }

    @Test
    void theResponseCarriesTheDemoAttributionOnlyWhenAskedFor() {
        ResponseHead response = new ResponseHead(200, new HeaderMap(), false);
        FILTER.onResponse(hop("/v1/responses"), response);
        assertThat(response.headers().get("x-ai-demo-provider-gateway")).isEqualTo("east-provider");

        HttpFilter quiet = AiFixtures.build(new ProviderRouteFactory(), CONFIG.replace("emit_demo_attribution: true\n",
                "")).accepted();
        ResponseHead plain = new ResponseHead(200, new HeaderMap(), false);
        quiet.onResponse(hop("/v1/responses"), plain);
        assertThat(plain.headers().contains("x-ai-demo-provider-gateway")).isFalse();
    }
}
