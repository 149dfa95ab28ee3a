package io.jpraxis.ai.modelrewrite;

import static io.jpraxis.ai.testing.AiFixtures.AT;
import static io.jpraxis.ai.testing.AiFixtures.build;
import static io.jpraxis.ai.testing.AiFixtures.declarationOf;
import static io.jpraxis.ai.testing.AiFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.binding.BindingState;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code model_rewrite}: the body's {@code model} alias becomes each bound provider's model name. */
class ModelRewriteTest {
    private static final String PER_PROVIDER = """
            rules:
              - {when: {application_provider: openai}, from: fast, to: gpt-4o-mini}
              - {when: {application_provider: anthropic}, from: fast, to: claude-3-5-haiku}
              - {from: legacy, to: current}
            """;

    private static HttpFilter filter(String yaml) {
        return build(new ModelRewriteFactory(), yaml).accepted();
    }

    /** Runs the barrier hook for a request bound to a cluster with {@code tags}; the body it leaves. */
    private static String atBarrier(HttpFilter f, String json, ClusterTags tags) {
        RequestContext ctx = request("/v1/chat/completions");
        if (tags != null) {
            BindingState.of(ctx).publish("c", tags);
            BindingState.of(ctx).freeze();
        }
        BodyChunk body = BodyChunk.of(json.getBytes(StandardCharsets.UTF_8), true);
        assertThat(f.onBoundUpstreamRequestBody(ctx, body)).isEqualTo(FilterAction.CONTINUE);
        return body.replaced() == null ? json : new String(body.replaced().toByteArray(), StandardCharsets.UTF_8);
    }

    @Test
    void declaresBothBodyAccessesWithABoundedBuffer() {
        HttpFilter f = filter(PER_PROVIDER);
        assertThat(declarationOf(f).requestBody().access()).isEqualTo(BodyAccess.READ_WRITE);
        assertThat(declarationOf(f).boundUpstream().bodyAccess()).as("a bound_upstream condition defers it to the barrier")
                .isEqualTo(BodyAccess.READ_WRITE);
        assertThat(declarationOf(f).requestBody().mode()).isEqualTo(BodyMode.buffer(10L * 1024 * 1024));
        assertThat(declarationOf(f).boundUpstream().barrierOnlyReason()).as("rules with when only match at the barrier").isNotNull();
        assertThat(declarationOf(filter("rules: [{from: a, to: b}]")).boundUpstream().barrierOnlyReason()).isNull();
        assertThat(declarationOf(f).boundUpstream().tagMatchers()).as("each when, for the typo guard, with where it is written")
                .extracting(m -> m.path().toString()).containsExactly(AT + "rules[0].when", AT + "rules[1].when");
    }

    @Test
    void rewritesTheAliasPerBoundProviderLeavingEveryOtherByteAlone() {
        HttpFilter f = filter(PER_PROVIDER);
        String body = "{ \"messages\" : [{\"role\":\"user\",\"model\":\"fast\"}],\n  \"model\":\"fast\", \"n\":1 }";
        assertThat(atBarrier(f, body, new ClusterTags(null, "openai"))).isEqualTo(
                "{ \"messages\" : [{\"role\":\"user\",\"model\":\"fast\"}],\n  \"model\":\"gpt-4o-mini\", \"n\":1 }");
        assertThat(atBarrier(f, body, new ClusterTags("anthropic_messages", "anthropic")))
                .contains("\"model\":\"claude-3-5-haiku\"");
        assertThat(atBarrier(f, body, ClusterTags.NONE)).as("an untagged cluster matches no when").isEqualTo(body);
        assertThat(atBarrier(f, "{\"model\":\"legacy\"}", ClusterTags.NONE)).as("a rule without when always applies")
                .isEqualTo("{\"model\":\"current\"}");
    }

    @Test
    void theFirstMatchingRuleWins() {
        HttpFilter f = filter("""
                rules:
                  - {when: {application_provider: openai}, from: m, to: first}
                  - {from: m, to: second}
                """);
        assertThat(atBarrier(f, "{\"model\":\"m\"}", new ClusterTags(null, "openai"))).isEqualTo("{\"model\":\"first\"}");
        assertThat(atBarrier(f, "{\"model\":\"m\"}", new ClusterTags(null, "other"))).isEqualTo("{\"model\":\"second\"}");
    }

    @Test
    void escapedAndRepeatedModelsAreHandledAsJson() {
        HttpFilter f = filter("rules: [{from: \"a\\\"b\", to: \"x/y\\\"z\"}]");
        assertThat(atBarrier(f, "{\"model\":\"a\\\"b\",\"model\":\"a\\u0022b\"}", null))
                .as("every occurrence of a repeated key, decoded before matching, encoded when written")
                .isEqualTo("{\"model\":\"x/y\\\"z\",\"model\":\"x/y\\\"z\"}");
    }

    @Test
    void leavesBodiesItCannotReadAlone() {
        HttpFilter f = filter("rules: [{from: fast, to: slow}]");
        for (String body : new String[] {"", "not json", "[\"model\",\"fast\"]", "{\"prompt\":\"hi\"}",
                "{\"model\":42}", "{\"model\":\"fast\"", "{\"model\":\"fast\"} trailing", "{\"model\":\"other\"}"}) {
            assertThat(atBarrier(f, body, null)).as("body %s", body).isEqualTo(body);
        }
    }

    @Test
    void atPreReadOnlyRulesWithoutWhenApply() {
        HttpFilter f = filter(PER_PROVIDER);
        RequestContext ctx = request("/v1/chat/completions");
        BodyChunk body = BodyChunk.of("{\"model\":\"fast\"}".getBytes(StandardCharsets.UTF_8), true);
        assertThat(f.onRequestBody(ctx, body)).isEqualTo(FilterAction.BODY_DONE);
        assertThat(body.replaced()).as("no binding exists at pre-read").isNull();
        BodyChunk legacy = BodyChunk.of("{\"model\":\"legacy\"}".getBytes(StandardCharsets.UTF_8), true);
        f.onRequestBody(ctx, legacy);
        assertThat(new String(legacy.replaced().toByteArray(), StandardCharsets.UTF_8)).isEqualTo("{\"model\":\"current\"}");
    }

    @Test
    void refusesBadRules() {
        assertThat(build(new ModelRewriteFactory(), "{}").refused()).containsExactly(
                "line 1: " + AT + "rules: missing (expected: a value; this key is required)");
        assertThat(build(new ModelRewriteFactory(), "rules: []\n").refused()).singleElement().asString()
                .contains("rules: [] (expected: 1 to 256 rules)");
        assertThat(build(new ModelRewriteFactory(), "rules: [{from: \"\", to: b}]\n").refused()).singleElement()
                .asString().contains(AT + "rules[0].from: \"\" (expected: a model name of 1 to 256 characters");
        assertThat(build(new ModelRewriteFactory(), "rules: [{from: a}]\n").refused()).singleElement().asString()
                .contains(AT + "rules[0].to: missing");
        assertThat(build(new ModelRewriteFactory(), "rules: [{from: a, to: b, when: {application_provider: OpenAI}}]\n")
                .refused()).singleElement().asString().contains(AT + "rules[0].when.application_provider: \"OpenAI\"");
        assertThat(build(new ModelRewriteFactory(), "rules: [{from: a, to: b, when: {}}]\n").refused())
                .singleElement().asString().contains("at least one of application_protocol | application_provider");
        assertThat(build(new ModelRewriteFactory(), "rules: [{from: a, to: b, to_model: c}]\n").refused())
                .singleElement().asString().contains("to_model");
    }

    @Test
    void refusesASecondRuleForTheSameFromAndWhen() {
        assertThat(build(new ModelRewriteFactory(), """
                rules:
                  - {when: {application_provider: openai}, from: fast, to: a}
                  - {when: {application_provider: anthropic}, from: fast, to: b}
                  - {when: {application_provider: openai}, from: fast, to: c}
                """).refused()).singleElement().asString().contains(AT + "rules[2].from: \"fast\" (expected: a from "
                + "no earlier rule with the same when rewrites");
    }
}
