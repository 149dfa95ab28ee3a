package io.jpraxis.ai.tokencount;

import static io.jpraxis.ai.tokencount.UsageFields.count;
import static io.jpraxis.ai.tokencount.UsageFields.object;
import static io.jpraxis.ai.tokencount.UsageFields.plus;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The provider mapping (see docs/reference/filters/token_count.md#provider-mapping): where each
 * provider's JSON body or stream event keeps its counts and how they become {@code token.*}
 * values. {@link #complete} reads usage that stands for the whole response (a JSON body, OpenAI's
 * final {@code include_usage} chunk, a Responses {@code response.completed}, every Gemini chunk);
 * {@link #partial} reads the running counts of Anthropic and Bedrock streams, which the caller
 * merges by maximum. Missing required fields or wrong types give {@link ParsedUsage#NONE}, never
 * an error.
 */
final class UsageParsers {
    private UsageParsers() {
    }

    /** Usage for the whole response in {@code root}, or {@link ParsedUsage#NONE}. */
    static ParsedUsage complete(TokenProvider provider, JsonNode root) {
        return switch (provider) {
            case OPENAI, AZURE -> openAi(root);
            case ANTHROPIC -> anthropic(object(root, "usage"));
            case GOOGLE -> google(object(root, "usageMetadata"));
            case BEDROCK -> bedrock(root);
            case BEDROCK_INVOKE_MODEL -> ParsedUsage.NONE;
        };
    }

    /** Running counts of one stream event, or {@link ParsedUsage#NONE} (streams that report whole usage). */
    static ParsedUsage partial(TokenProvider provider, JsonNode event) {
        return switch (provider) {
            case ANTHROPIC -> anthropicEvent(event);
            case BEDROCK -> bedrockEvent(event);
            case OPENAI, AZURE, GOOGLE, BEDROCK_INVOKE_MODEL -> ParsedUsage.NONE;
        };
    }

    /** Chat Completions usage, else Responses usage; a top-level {@code usage} before {@code response.usage}. */
    private static ParsedUsage openAi(JsonNode root) {
        JsonNode usage = object(root, "usage");
        ParsedUsage top = usage == null ? ParsedUsage.NONE : openAiUsage(usage);
        if (top.hasCounts()) {
            return top;
        }
        JsonNode nested = object(object(root, "response"), "usage");
        return nested == null ? ParsedUsage.NONE : openAiUsage(nested);
    }

    private static ParsedUsage openAiUsage(JsonNode usage) {
        Long prompt = count(usage, "prompt_tokens");
        Long completion = count(usage, "completion_tokens");
        if (prompt != null && completion != null) {
            return new ParsedUsage(prompt, completion, count(usage, "total_tokens"),
                    count(usage, "prompt_tokens_details", "cached_tokens"),
                    count(usage, "prompt_tokens_details", "cache_write_tokens"),
                    count(usage, "completion_tokens_details", "reasoning_tokens"));
        }
        Long input = count(usage, "input_tokens");
        Long output = count(usage, "output_tokens");
        if (input == null || output == null) {
            return ParsedUsage.NONE;
        }
        return new ParsedUsage(input, output, count(usage, "total_tokens"),
                count(usage, "input_tokens_details", "cached_tokens"),
                count(usage, "input_tokens_details", "cache_write_tokens"),
                count(usage, "output_tokens_details", "reasoning_tokens"));
    }

    /** Anthropic Messages: input is input + cache creation + cache read; the total is always computed. */
    private static ParsedUsage anthropic(JsonNode usage) {
        Long input = count(usage, "input_tokens");
        Long output = count(usage, "output_tokens");
        if (input == null || output == null) {
            return ParsedUsage.NONE;
        }
        Long write = count(usage, "cache_creation_input_tokens");
        Long read = count(usage, "cache_read_input_tokens");
        long allInput = plus(plus(input, write), read);
        return new ParsedUsage(allInput, output, plus(allInput, output), read, write,
                count(usage, "output_tokens_details", "thinking_tokens"));
    }

    /**
     * One Anthropic stream event: {@code message_start} carries the input counts under {@code
     * message.usage}, {@code message_delta} cumulative counts under {@code usage} (output, and in
     * newer API versions input and cache counts again). Either side may be absent.
     */
    private static ParsedUsage anthropicEvent(JsonNode event) {
        String type = UsageFields.text(event, "type");
        JsonNode usage;
        if ("message_start".equals(type)) {
            usage = object(object(event, "message"), "usage");
        } else if ("message_delta".equals(type)) {
            usage = object(event, "usage");
        } else {
            return ParsedUsage.NONE;
        }
        if (usage == null) {
            return ParsedUsage.NONE;
        }
        Long input = count(usage, "input_tokens");
        Long write = count(usage, "cache_creation_input_tokens");
        Long read = count(usage, "cache_read_input_tokens");
        Long allInput = input == null ? null : plus(plus(input, write), read);
        return new ParsedUsage(allInput, count(usage, "output_tokens"), null, read, write,
                count(usage, "output_tokens_details", "thinking_tokens"));
    }

    /** Gemini {@code usageMetadata}: candidates absent is 0; the total falls back to prompt + candidates + thoughts. */
    private static ParsedUsage google(JsonNode meta) {
        Long prompt = count(meta, "promptTokenCount");
        if (prompt == null) {
            return ParsedUsage.NONE;
        }
        Long candidates = count(meta, "candidatesTokenCount");
        long output = candidates == null ? 0 : candidates;
        Long thoughts = count(meta, "thoughtsTokenCount");
        Long total = count(meta, "totalTokenCount");
        return new ParsedUsage(prompt, output, total != null ? total : plus(plus(prompt, output), thoughts),
                count(meta, "cachedContentTokenCount"), null, thoughts);
    }

    /** Bedrock Converse: cache counts lie outside inputTokens, so they are added; else Claude's own shape. */
    private static ParsedUsage bedrock(JsonNode root) {
        JsonNode usage = object(root, "usage");
        Long input = count(usage, "inputTokens");
        Long output = count(usage, "outputTokens");
        if (input == null || output == null) {
            return anthropic(usage);
        }
        Long read = count(usage, "cacheReadInputTokens");
        Long write = count(usage, "cacheWriteInputTokens");
        return new ParsedUsage(plus(plus(input, read), write), output, count(usage, "totalTokens"), read, write, null);
    }

    /** Bedrock ConverseStream: {@code metadata.usage}, merged like running counts; no breakdowns. */
    private static ParsedUsage bedrockEvent(JsonNode event) {
        JsonNode usage = object(object(event, "metadata"), "usage");
        if (usage == null) {
            return ParsedUsage.NONE;
        }
        return new ParsedUsage(count(usage, "inputTokens"), count(usage, "outputTokens"), null, null, null, null);
    }
}
