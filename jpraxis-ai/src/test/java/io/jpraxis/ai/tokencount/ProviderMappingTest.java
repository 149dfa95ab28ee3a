package io.jpraxis.ai.tokencount;

import static io.jpraxis.ai.tokencount.TokenResponses.counts;
import static io.jpraxis.ai.tokencount.TokenResponses.filter;
import static io.jpraxis.ai.tokencount.TokenResponses.json;
import static io.jpraxis.ai.tokencount.TokenResponses.sse;
import static io.jpraxis.ai.tokencount.TokenResponses.tokens;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.TokenUsage;
import io.jpraxis.core.filter.HttpFilter;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The provider mapping, one test per shape (see docs/reference/filters/token_count.md#provider-mapping). */
class ProviderMappingTest {

    private static Map<String, String> with(Map<String, String> base, String... pairs) {
        Map<String, String> out = new TreeMap<>(base);
        for (int i = 0; i < pairs.length; i += 2) {
            out.put(pairs[i], pairs[i + 1]);
        }
        return out;
    }

    @Test
    void openAiChatCompletionsJsonWithBreakdowns() {
        RequestContext ctx = json(filter("provider: openai"), "{\"id\":\"c1\",\"model\":\"gpt-4o\",\"usage\":"
                + "{\"prompt_tokens\":120,\"completion_tokens\":30,\"total_tokens\":150,"
                + "\"prompt_tokens_details\":{\"cached_tokens\":100,\"cache_write_tokens\":5},"
                + "\"completion_tokens_details\":{\"reasoning_tokens\":12}}}");
        assertThat(tokens(ctx)).as("input already holds the cache; breakdowns recorded, not added")
                .isEqualTo(with(counts(120, 30, 150), "token.cache_read", "100", "token.cache_write", "5",
                        "token.reasoning", "12"));
        assertThat(ctx.results().get("token_count", "total_tokens")).as("counts reach the results").contains("150");
        GenAiExchange exchange = ctx.extensions().get(GenAiExchange.KEY).orElseThrow();
        assertThat(exchange.provider()).isEqualTo("openai");
        assertThat(exchange.model()).as("the response's model, for the access log").isEqualTo("gpt-4o");
        assertThat(exchange.modelLabel()).as("not named by the config: no label of its own").isEqualTo("other");
        assertThat(exchange.usage()).contains(new TokenUsage(120, 30, 150, 100L, 5L, 12L));
    }

    @Test
    void openAiChatStreamTakesTheIncludeUsageChunk() {
        RequestContext ctx = sse(filter("provider: openai"),
                "data: {\"model\":\"gpt-4o\",\"choices\":[{\"delta\":{\"content\":\"Hi\"}}],\"usage\":null}\n\n",
                "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":2,\"total_tokens\":11}}\n\n",
                "data: [DONE]\n\n");
        assertThat(tokens(ctx)).isEqualTo(counts(9, 2, 11));
    }

    @Test
    void openAiChatStreamWithoutUsagePublishesNothing() {
        RequestContext ctx = sse(filter("provider: openai"),
                "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n", "data: [DONE]\n\n");
        assertThat(tokens(ctx)).as("absent, not zero; no status either").isEmpty();
    }

    @Test
    void openAiResponsesJson() {
        RequestContext ctx = json(filter("provider: openai"), "{\"object\":\"response\",\"usage\":{\"input_tokens\":"
                + "40,\"output_tokens\":8,\"total_tokens\":48,\"input_tokens_details\":{\"cached_tokens\":32},"
                + "\"output_tokens_details\":{\"reasoning_tokens\":3}}}");
        assertThat(tokens(ctx)).isEqualTo(with(counts(40, 8, 48), "token.cache_read", "32", "token.reasoning", "3"));
    }

    @Test
    void openAiResponsesStreamTakesTheCompletedEvent() {
        RequestContext ctx = sse(filter("provider: openai"),
                "event: response.created\ndata: {\"type\":\"response.created\",\"response\":{\"usage\":null}}\n\n",
                "event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\"delta\":\"x\"}\n\n",
                "event: response.completed\ndata: {\"type\":\"response.completed\",\"response\":{\"model\":\"o3\","
                        + "\"usage\":{\"input_tokens\":7,\"output_tokens\":5,\"total_tokens\":12}}}\n\n");
        assertThat(tokens(ctx)).as("counts from the final event").isEqualTo(counts(7, 5, 12));
    }

    @Test
    void aTopLevelUsageWinsOverResponseUsage() {
        RequestContext ctx = sse(filter("provider: openai"), "data: {\"usage\":{\"input_tokens\":1,\"output_tokens\":"
                + "1},\"response\":{\"usage\":{\"input_tokens\":50,\"output_tokens\":50}}}\n\n");
        assertThat(tokens(ctx)).isEqualTo(counts(1, 1, 2));
    }

    @Test
    void azureUsesTheOpenAiSchema() {
        HttpFilter azure = filter("provider: azure");
        RequestContext ctx = json(azure, "{\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":4}}");
        assertThat(tokens(ctx)).as("total computed when absent").isEqualTo(counts(3, 4, 7));
        assertThat(ctx.extensions().get(GenAiExchange.KEY).orElseThrow().provider()).isEqualTo("azure.ai.openai");
    }

    @Test
    void anthropicJsonAddsCacheCountsToInput() {
        RequestContext ctx = json(filter("provider: anthropic"), "{\"type\":\"message\",\"usage\":{\"input_tokens\":10,"
                + "\"output_tokens\":20,\"cache_creation_input_tokens\":200,\"cache_read_input_tokens\":3000}}");
        assertThat(tokens(ctx)).isEqualTo(with(counts(3210, 20, 3230), "token.cache_read", "3000",
                "token.cache_write", "200"));
    }

    @Test
    void anthropicStreamTakesInputFromMessageStartAndOutputFromMessageDelta() {
        RequestContext ctx = sse(filter("provider: anthropic"),
                "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"model\":\"claude-sonnet-4\","
                        + "\"usage\":{\"input_tokens\":10,\"cache_read_input_tokens\":3000,"
                        + "\"cache_creation_input_tokens\":200,\"output_tokens\":1}}}\n\n",
                "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"delta\":{\"text\":\"hi\"}}\n\n",
                "event: message_delta\ndata: {\"type\":\"message_delta\",\"usage\":{\"output_tokens\":42}}\n\n",
                "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n");
        assertThat(tokens(ctx)).isEqualTo(with(counts(3210, 42, 3252), "token.cache_read", "3000",
                "token.cache_write", "200"));
        assertThat(ctx.extensions().get(GenAiExchange.KEY).orElseThrow().model()).isEqualTo("claude-sonnet-4");
    }

    @Test
    void anthropicCumulativeDeltasAreMergedByMaximum() {
        RequestContext ctx = sse(filter("provider: anthropic"),
                "data: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":10,"
                        + "\"cache_read_input_tokens\":3000}}}\n\n",
                "data: {\"type\":\"message_delta\",\"usage\":{\"output_tokens\":15}}\n\n",
                "data: {\"type\":\"message_delta\",\"usage\":{\"input_tokens\":10,\"output_tokens\":42}}\n\n");
        assertThat(tokens(ctx)).as("a delta repeating input without its cache counts does not lower the input")
                .isEqualTo(with(counts(3010, 42, 3052), "token.cache_read", "3000"));
    }

    @Test
    void googleJsonAndStream() {
        RequestContext ctx = json(filter("provider: google"), "{\"modelVersion\":\"gemini-2.5\",\"usageMetadata\":"
                + "{\"promptTokenCount\":11,\"candidatesTokenCount\":7,\"thoughtsTokenCount\":4,"
                + "\"cachedContentTokenCount\":6}}");
        assertThat(tokens(ctx)).as("total falls back to prompt + candidates + thoughts")
                .isEqualTo(with(counts(11, 7, 22), "token.cache_read", "6", "token.reasoning", "4"));
        RequestContext stream = sse(filter("provider: google"),
                "data: {\"usageMetadata\":{\"promptTokenCount\":11,\"totalTokenCount\":11}}\n\n",
                "data: {\"usageMetadata\":{\"promptTokenCount\":11,\"candidatesTokenCount\":9,\"totalTokenCount\":20}}\n\n");
        assertThat(tokens(stream)).as("each chunk complete, the last wins").isEqualTo(counts(11, 9, 20));
    }

    @Test
    void googleWithoutCandidatesCountsZeroOutput() {
        assertThat(tokens(json(filter("provider: google"), "{\"usageMetadata\":{\"promptTokenCount\":5}}")))
                .isEqualTo(counts(5, 0, 5));
    }

    @Test
    void bedrockConverseAddsCacheCountsAndFallsBackToTheAnthropicShape() {
        RequestContext converse = json(filter("provider: bedrock"), "{\"usage\":{\"inputTokens\":10,\"outputTokens\":5,"
                + "\"totalTokens\":15,\"cacheReadInputTokens\":100,\"cacheWriteInputTokens\":20}}");
        assertThat(tokens(converse)).as("cache counts lie outside inputTokens")
                .isEqualTo(with(counts(130, 5, 15), "token.cache_read", "100", "token.cache_write", "20"));
        RequestContext claude = json(filter("provider: bedrock"),
                "{\"usage\":{\"input_tokens\":4,\"output_tokens\":6}}");
        assertThat(tokens(claude)).isEqualTo(counts(4, 6, 10));
        assertThat(claude.extensions().get(GenAiExchange.KEY).orElseThrow().provider()).isEqualTo("aws.bedrock");
    }

    @Test
    void bedrockStreamMergesMetadataUsage() {
        RequestContext ctx = sse(filter("provider: bedrock"),
                "data: {\"contentBlockDelta\":{\"delta\":{\"text\":\"x\"}}}\n\n",
                "data: {\"metadata\":{\"usage\":{\"inputTokens\":21,\"outputTokens\":13}}}\n\n");
        assertThat(tokens(ctx)).isEqualTo(counts(21, 13, 34));
    }

    @Test
    void bedrockInvokeModelReadsTheCountHeaders() {
        HttpFilter f = filter("provider: bedrock_invoke_model");
        RequestContext ctx = io.jpraxis.ai.testing.AiFixtures.request("/model/x/invoke");
        TokenResponses.head(f, ctx, 200, Map.of("x-amzn-bedrock-input-token-count", "17",
                "x-amzn-bedrock-output-token-count", "4", "content-type", "application/json"));
        assertThat(tokens(ctx)).as("published at the header phase, before any body").isEqualTo(counts(17, 4, 21));
    }

    @Test
    void bedrockInvokeModelWithOneHeaderMissingPublishesNothing() {
        HttpFilter f = filter("provider: bedrock_invoke_model");
        RequestContext ctx = io.jpraxis.ai.testing.AiFixtures.request("/model/x/invoke");
        TokenResponses.head(f, ctx, 200, Map.of("x-amzn-bedrock-input-token-count", "17"));
        assertThat(tokens(ctx)).isEmpty();
        RequestContext bad = io.jpraxis.ai.testing.AiFixtures.request("/model/x/invoke");
        TokenResponses.head(f, bad, 200, Map.of("x-amzn-bedrock-input-token-count", "17",
                "x-amzn-bedrock-output-token-count", "-4"));
        assertThat(tokens(bad)).as("a value that is not an unsigned integer").isEmpty();
    }
}
