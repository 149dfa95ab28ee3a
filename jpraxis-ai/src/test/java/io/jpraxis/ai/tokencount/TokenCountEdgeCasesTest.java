package io.jpraxis.ai.tokencount;

import static io.jpraxis.ai.tokencount.TokenResponses.counts;
import static io.jpraxis.ai.tokencount.TokenResponses.filter;
import static io.jpraxis.ai.tokencount.TokenResponses.json;
import static io.jpraxis.ai.tokencount.TokenResponses.respond;
import static io.jpraxis.ai.tokencount.TokenResponses.sse;
import static io.jpraxis.ai.tokencount.TokenResponses.tokens;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.TokenUsage;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.HttpFilter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The edge cases of docs/reference/filters/token_count.md#edge-cases. */
class TokenCountEdgeCasesTest {
    private static final String U64_MAX = "18446744073709551615";

    @Test
    void promptTokensWithoutCompletionTokensIsNoUsage() {
        assertThat(tokens(json(filter("provider: openai"), "{\"usage\":{\"prompt_tokens\":5}}"))).isEmpty();
    }

    @Test
    void anExplicitZeroTotalIsKept() {
        assertThat(tokens(json(filter("provider: bedrock"),
                "{\"usage\":{\"inputTokens\":3,\"outputTokens\":4,\"totalTokens\":0}}")))
                .as("reported zero is not recomputed").isEqualTo(counts(3, 4, 0));
    }

    @Test
    void u64MaxInputPlusCacheCountsSaturates() {
        RequestContext ctx = json(filter("provider: anthropic"), "{\"usage\":{\"input_tokens\":" + U64_MAX
                + ",\"output_tokens\":1,\"cache_read_input_tokens\":5}}");
        assertThat(tokens(ctx)).containsEntry("token.input", U64_MAX).containsEntry("token.total", U64_MAX)
                .containsEntry("token.output", "1");
    }

    @Test
    void aCountBeyond64BitsOrNegativeIsNoUsage() {
        assertThat(tokens(json(filter("provider: openai"),
                "{\"usage\":{\"prompt_tokens\":18446744073709551616,\"completion_tokens\":1}}"))).isEmpty();
        assertThat(tokens(json(filter("provider: openai"),
                "{\"usage\":{\"prompt_tokens\":-1,\"completion_tokens\":1}}"))).isEmpty();
        assertThat(tokens(json(filter("provider: openai"),
                "{\"usage\":{\"prompt_tokens\":\"3\",\"completion_tokens\":1}}"))).as("wrong type").isEmpty();
    }

    @Test
    void malformedJsonAndNullUsageAreNoUsage() {
        assertThat(tokens(json(filter("provider: openai"), "{\"usage\":"))).isEmpty();
        assertThat(tokens(json(filter("provider: openai"), "{\"usage\":null}"))).isEmpty();
        assertThat(tokens(json(filter("provider: openai"), "[1,2]"))).isEmpty();
    }

    @Test
    void anOversizedCompletedEventIsAnOverflowWithNoCounts() {
        String big = "x".repeat(1_572_864);
        RequestContext ctx = sse(filter("provider: openai"),
                "data: {\"type\":\"response.created\",\"response\":{\"usage\":null}}\n\n",
                "data: {\"type\":\"response.completed\",\"response\":{\"output\":\"" + big + "\",\"usage\":"
                        + "{\"input_tokens\":7,\"output_tokens\":5}}}\n\n");
        assertThat(tokens(ctx)).as("1.5 MiB event over the 1 MiB scratch").isEqualTo(Map.of("token.status", "overflow"));
    }

    @Test
    void countsAfterAnOversizedEventAreAuthoritative() {
        RequestContext ctx = sse(filter("provider: openai\nmax_scratch_bytes: 100"),
                "data: {\"filler\":\"" + "y".repeat(500) + "\"}\n\n",
                "data: {\"usage\":{\"prompt_tokens\":2,\"completion_tokens\":3}}\n\n");
        assertThat(tokens(ctx)).as("no overflow status").isEqualTo(counts(2, 3, 5));
    }

    @Test
    void aDroppedEventAfterPartialCountsStillSetsOverflow() {
        RequestContext ctx = sse(filter("provider: anthropic\nmax_scratch_bytes: 200"),
                "data: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":4}}}\n\n",
                "data: {\"type\":\"message_delta\",\"usage\":{\"output_tokens\":9},\"pad\":\"" + "z".repeat(300)
                        + "\"}\n\n");
        assertThat(tokens(ctx)).isEqualTo(Map.of("token.input", "4", "token.output", "0", "token.total", "4",
                "token.status", "overflow"));
    }

    @Test
    void aJsonBodyOverTheLimitIsAnOverflow() {
        RequestContext ctx = respond(filter("provider: openai\nmax_body_bytes: 64"), 200, "application/json",
                List.of("{\"usage\":{\"prompt_tokens\":1,", "\"completion_tokens\":2},\"pad\":\"" + "p".repeat(64)
                        + "\"}"));
        assertThat(tokens(ctx)).isEqualTo(Map.of("token.status", "overflow"));
    }

    @Test
    void aJsonBodyInManyPiecesIsParsedWhole() {
        RequestContext ctx = respond(filter("provider: openai"), 200, "application/json",
                List.of("{\"usage\":{\"prompt_", "tokens\":1,\"completion_tokens\"", ":2}}"));
        assertThat(tokens(ctx)).isEqualTo(counts(1, 2, 3));
    }

    @Test
    void errorResponsesAndOtherMediaTypesAreNotRead() {
        String body = "{\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":2}}";
        assertThat(tokens(respond(filter("provider: openai"), 429, "application/json", List.of(body)))).isEmpty();
        assertThat(tokens(respond(filter("provider: openai"), 500, "application/json", List.of(body)))).isEmpty();
        assertThat(tokens(respond(filter("provider: openai"), 200, "application/problem+json", List.of(body))))
                .as("only exact application/json").isEmpty();
        assertThat(tokens(respond(filter("provider: openai"), 200, null, List.of(body)))).isEmpty();
        assertThat(tokens(respond(filter("provider: openai"), 200, "Application/JSON; charset=utf-8", List.of(body))))
                .as("parameters ignored, case-insensitive").isEqualTo(counts(1, 2, 3));
    }

    @Test
    void piecesSplittingUtf8AndCrlfStillParse() {
        byte[] event = ("data: {\"choices\":[{\"delta\":{\"content\":\"héllo ✓\"}}],\r\n"
                + "data: \"usage\":{\"prompt_tokens\":6,\"completion_tokens\":4}}\r\n\r\n")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        HttpFilter f = filter("provider: openai");
        RequestContext ctx = AiFixtures.request("/v1/chat/completions");
        TokenResponses.head(f, ctx, 200, Map.of("content-type", "text/event-stream"));
        for (int i = 0; i < event.length; i++) { // one byte a piece: every sequence and CRLF is split somewhere
            f.onResponseBody(ctx, io.jpraxis.core.filter.BodyChunk.of(new byte[] {event[i]}, false));
        }
        f.onResponseBody(ctx, io.jpraxis.core.filter.BodyChunk.empty());
        assertThat(tokens(ctx)).as("multi-line data joined with \\n, split bytes reassembled")
                .isEqualTo(counts(6, 4, 10));
    }

    @Test
    void aStreamCutShortKeepsWhatWasCounted() {
        HttpFilter f = filter("provider: anthropic");
        RequestContext ctx = AiFixtures.request("/v1/messages");
        TokenResponses.head(f, ctx, 200, Map.of("content-type", "text/event-stream"));
        TokenResponses.body(f, ctx, List.of(
                "data: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":25}}}\n\n",
                "data: {\"type\":\"message_delta\",\"usage\":{\"output_tokens\":7}}\n\ndata: {\"type\":\"mess"),
                false);
        GenAiExchange exchange = ctx.extensions().get(GenAiExchange.KEY).orElseThrow();
        assertThat(exchange.usage()).as("counts are on the exchange while it streams")
                .contains(TokenUsage.of(25, 7, 32));
        f.onLog(ctx, new ExchangeSummary(200, 0, 100, 1, false));
        assertThat(tokens(ctx)).as("the client left: metadata still written at the exchange's end")
                .isEqualTo(counts(25, 7, 32));
    }

    @Test
    void aModelRoutedByIntelligentRouteBecomesTheLabel() {
        HttpFilter f = filter("provider: openai");
        RequestContext ctx = AiFixtures.request("/v1/chat/completions");
        ctx.metadata().put("intelligent_route.kind", "inference_model");
        ctx.metadata().put("intelligent_route.name", "gpt-4o");
        TokenResponses.head(f, ctx, 200, Map.of("content-type", "application/json"));
        TokenResponses.body(f, ctx, List.of("{\"model\":\"gpt-4o-2024-08-06\",\"usage\":{\"prompt_tokens\":1,"
                + "\"completion_tokens\":1}}"), true);
        GenAiExchange exchange = ctx.extensions().get(GenAiExchange.KEY).orElseThrow();
        assertThat(exchange.modelLabel()).as("a model the config names").isEqualTo("gpt-4o");
        assertThat(exchange.model()).as("the routed model, not the response's snapshot name").isEqualTo("gpt-4o");
    }

    @Test
    void aLocalResponseIsNotRead() {
        HttpFilter f = filter("provider: openai");
        RequestContext ctx = AiFixtures.request("/v1/chat/completions");
        io.jpraxis.core.http.HeaderMap h = new io.jpraxis.core.http.HeaderMap();
        h.set("content-type", "application/json");
        f.onResponse(ctx, new io.jpraxis.core.http.ResponseHead(200, h, true));
        TokenResponses.body(f, ctx, List.of("{\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1}}"), true);
        assertThat(tokens(ctx)).isEmpty();
    }
}
