package io.jpraxis.bench.ai;

/**
 * The requests the AI benchmark sends, as an OpenAI SDK would: the model first, then messages.
 */
final class ChatRequests {
    static final String PATH = "/v1/chat/completions";
    static final String CLIENT_KEY = "sk-jpraxis-example";
    static final String MINI = "gpt-4o-mini";
    static final String FAILOVER_MODEL = "gpt-4o";
    /** The streamed request's content events for the time-to-first-token samples (short, so many fit). */
    static final int FIRST_TOKEN_EVENTS = 16;

    private static final String WORDS = "Summarise the following support ticket in two sentences for the on-call "
            + "engineer, keeping product names and error codes as written. ";

    private ChatRequests() {
    }

    /** A non-streamed chat completion request of exactly {@code bytes} bytes (at least the envelope's). */
    static String chat(String model, int bytes) {
        String head = "{\"model\":\"" + model + "\",\"messages\":[{\"role\":\"system\",\"content\":\"You are a"
                + " helpful assistant.\"},{\"role\":\"user\",\"content\":\"";
        String tail = "\"}],\"temperature\":0.2}";
        int pad = Math.max(0, bytes - head.length() - tail.length());
        StringBuilder content = new StringBuilder(pad);
        while (content.length() < pad) {
            content.append(WORDS, 0, Math.min(WORDS.length(), pad - content.length()));
        }
        return head + content + tail;
    }

    /**
     * A streamed request with {@code include_usage}; {@code maxTokens} above 0 caps the fake
     * provider's content events, 0 leaves its 64 KiB stream.
     */
    static String stream(String model, int maxTokens) {
        return stream(model, maxTokens, false);
    }

    /** The same; {@code burst} asks the fake provider to write the whole stream in one flush. */
    static String stream(String model, int maxTokens, boolean burst) {
        return "{\"model\":\"" + model + "\",\"stream\":true,\"stream_options\":{\"include_usage\":true},"
                + (maxTokens > 0 ? "\"max_tokens\":" + maxTokens + "," : "") + (burst ? "\"user\":\"burst\"," : "")
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Write a long story about a lighthouse.\"}]}";
    }
}
