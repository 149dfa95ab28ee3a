package io.jpraxis.ai.modeltoheader;

import static io.jpraxis.ai.testing.AiFixtures.AT;
import static io.jpraxis.ai.testing.AiFixtures.build;
import static io.jpraxis.ai.testing.AiFixtures.declarationOf;
import static io.jpraxis.ai.testing.AiFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.UnreadableRequest;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The body's {@code model} becomes a header the client cannot forge (see
 * docs/reference/filters/model_to_header.md#what-it-does).
 */
class ModelToHeaderTest {

    private static HttpFilter filter(String yaml) {
        return build(new ModelToHeaderFactory(), yaml).accepted();
    }

    private static BodyChunk body(String json) {
        return BodyChunk.of(json.getBytes(StandardCharsets.UTF_8), true);
    }

    private static RequestContext run(HttpFilter filter, String json, String... headers) {
        RequestContext ctx = request("/v1/chat/completions", headers);
        assertThat(filter.onRequestBody(ctx, body(json))).as("one call over the whole body, then done")
                .isEqualTo(FilterAction.BODY_DONE);
        return ctx;
    }

    @Test
    void defaultsToXModelOwnedAndBuffered() {
        HttpFilter f = filter("{}");

        assertThat(f.config()).isEqualTo(new ModelToHeaderConfig("X-Model", false));
        assertThat(declarationOf(f).ownedRequestHeaders()).as("docs/behaviour/routing-headers.md#headers-a-filter-owns: client copies are stripped at ingress")
                .containsExactly("x-model");
        assertThat(declarationOf(f).requestBody().access()).isEqualTo(BodyAccess.READ_ONLY);
        assertThat(declarationOf(f).requestBody().mode()).as("pre-read, so the header is there before routing")
                .isEqualTo(BodyMode.buffer(10L * 1024 * 1024));
    }

    @Test
    void promotesTheBodysModelAndReplacesAnyOtherValue() {
        RequestContext ctx = run(filter("header: x-gateway-model-name\n"), "{\"messages\":[],\"model\":\"llama-3\"}",
                "X-Gateway-Model-Name", "forged");

        assertThat(ctx.headers().getAll("x-gateway-model-name")).containsExactly("llama-3");
        assertThat(ctx.results().get("model_to_header", "model")).contains("llama-3");
    }

    @Test
    void noModelLeavesTheHeaderAbsent() {
        HttpFilter f = filter("{}");
        for (String json : new String[] {"{\"prompt\":\"hi\"}", "", "not json", "{\"nested\":{\"model\":\"m\"}}"}) {
            RequestContext ctx = run(f, json);
            assertThat(ctx.headers().contains("x-model")).as("body [%s]", json).isFalse();
        }
    }

    @Test
    void aModelThatIsNotASafeHeaderValueIsNotPromoted() {
        assertThat(run(filter("{}"), "{\"model\":\"a\\r\\nx-evil: 1\"}").headers().contains("x-model")).isFalse();
    }

    @Test
    void trustExistingHeaderKeepsTheIncomingValueAndOwnsNothing() {
        HttpFilter f = filter("trust_existing_header: true\n");

        assertThat(declarationOf(f).ownedRequestHeaders()).as("the client's copy must survive ingress").isEmpty();
        assertThat(run(f, "{\"model\":\"from-body\"}", "x-model", "from-hop").headers().getAll("x-model"))
                .containsExactly("from-hop");
        assertThat(run(f, "{\"model\":\"from-body\"}").headers().get("x-model")).isEqualTo("from-body");
    }

    @Test
    void headerIsHeldToTheSharedPolicy() {
        assertThat(build(new ModelToHeaderFactory(), "header: X-Praxis-Model\n").refused()).containsExactly(
                "line 1: " + AT + "header: \"X-Praxis-Model\" (expected: not in the reserved x-praxis- namespace)");
        assertThat(build(new ModelToHeaderFactory(), "header: X-AI-Routing-Candidate\n").refused())
                .as("a body must not forge the provider-hop context when intelligent_route is skipped")
                .containsExactly("line 1: " + AT + "header: \"X-AI-Routing-Candidate\" (expected: not a provider-hop "
                        + "header, which only intelligent_route sets)");
        assertThat(build(new ModelToHeaderFactory(), "header: Authorization\n").refused()).singleElement()
                .asString().contains("not a credential header");
        assertThat(build(new ModelToHeaderFactory(), "header: content-length\n").refused()).singleElement()
                .asString().contains("not a framing header");
        assertThat(build(new ModelToHeaderFactory(), "header: \"x model\"\n").refused()).singleElement()
                .asString().contains("RFC 9110 token");
    }

    @Test
    void unknownKeysAndWrongTypesAreRefused() {
        assertThat(build(new ModelToHeaderFactory(), "field: model\n").refused()).singleElement().asString()
                .contains(AT + "field: unknown key");
        assertThat(build(new ModelToHeaderFactory(), "trust_existing_header: maybe\n").refused()).singleElement()
                .asString().contains(AT + "trust_existing_header");
    }

    @Test
    void aBodyWithoutAModelLeavesWhyForTheFourHundred() {
        HttpFilter f = filter("{}");

        UnreadableRequest missing = run(f, "{\"messages\":[]}").extensions().get(UnreadableRequest.KEY).orElseThrow();
        assertThat(missing.param()).as("OpenAI's param names the field").isEqualTo("model");
        assertThat(missing.code()).isEqualTo("missing_required_parameter");
        assertThat(missing.reason()).contains("\"model\"");
        UnreadableRequest notJson = run(f, "model=gpt-4o").extensions().get(UnreadableRequest.KEY).orElseThrow();
        assertThat(notJson.code()).as("a body that is not JSON").isEqualTo("invalid_json");
        assertThat(notJson.reason()).contains("not a JSON object");
        assertThat(run(f, "").extensions().get(UnreadableRequest.KEY).orElseThrow().reason())
                .as("an empty body").contains("empty");
        assertThat(run(f, "{\"model\":\"gpt-4o\"}").extensions().get(UnreadableRequest.KEY))
                .as("a readable model leaves nothing").isEmpty();
    }

    @Test
    void aTrustedHeaderTheClientSentIsAModelToo() {
        RequestContext ctx = run(filter("trust_existing_header: true\n"), "{}", "X-Model", "gpt-4o");

        assertThat(ctx.extensions().get(UnreadableRequest.KEY)).as("the client's header routes").isEmpty();
    }
}
