package io.jpraxis.bench.ai;

import java.nio.charset.StandardCharsets;

/**
 * What the fake OpenAI provider answers, built once: a chat completion JSON with its usage, a
 * streamed completion as {@code text/event-stream} events (one content delta each, then the
 * {@code include_usage} chunk and {@code [DONE]}, as OpenAI streams them), and the 503 error body
 * an overloaded provider sends.
 */
final class ProviderAnswers {
    /** The streamed answer a request without {@code max_tokens} gets: about 64 KiB of events. */
    static final int STREAM_BYTES = 64 * 1024;
    static final int PROMPT_TOKENS = 512;

    private static final String CHUNK = "data: {\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion.chunk\","
            + "\"created\":1735689600,\"model\":\"%s\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"tok%04d \"},"
            + "\"finish_reason\":null}]}\n\n";
    private static final String USAGE = "data: {\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion.chunk\","
            + "\"created\":1735689600,\"model\":\"%s\",\"choices\":[],\"usage\":{\"prompt_tokens\":%d,"
            + "\"completion_tokens\":%d,\"total_tokens\":%d}}\n\n";
    private static final String DONE = "data: [DONE]\n\n";

    private ProviderAnswers() {
    }

    /** A non-streamed chat completion of model {@code model} with usage. */
    static byte[] completion(String model) {
        return ("{\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion\",\"created\":1735689600,\"model\":\"" + model
                + "\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"Hello from the"
                + " benchmark provider.\"},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":" + PROMPT_TOKENS
                + ",\"completion_tokens\":7,\"total_tokens\":" + (PROMPT_TOKENS + 7) + "}}")
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** One content-delta event; the stream sends {@code n} of them, numbered from 0. */
    static byte[] chunk(String model, int index) {
        return CHUNK.formatted(model, index % 10_000).getBytes(StandardCharsets.US_ASCII);
    }

    /** The content events a stream of about {@link #STREAM_BYTES} needs. */
    static int chunksFor64KiB(String model) {
        return Math.max(1, STREAM_BYTES / chunk(model, 0).length);
    }

    /** The closing events: the usage chunk for {@code completionTokens} tokens, then [DONE]. */
    static byte[] tail(String model, int completionTokens) {
        return (USAGE.formatted(model, PROMPT_TOKENS, completionTokens, PROMPT_TOKENS + completionTokens) + DONE)
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** OpenAI's error body for an overloaded server. */
    static byte[] overloaded() {
        return "{\"error\":{\"message\":\"The server is overloaded\",\"type\":\"server_error\",\"param\":null,\"code\":null}}"
                .getBytes(StandardCharsets.US_ASCII);
    }
}
