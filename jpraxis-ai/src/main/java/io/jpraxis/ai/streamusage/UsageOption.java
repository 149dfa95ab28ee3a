package io.jpraxis.ai.streamusage;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * The rewrite itself, free of any request (see
 * docs/reference/filters/stream_usage_inject.md#what-it-does): a chat completions body that
 * streams ({@code "stream": true}) without {@code stream_options.include_usage: true} gets it,
 * {@code stream_options} created when absent or null; a {@code stream_options} that is not an
 * object, a body that does not stream, and anything that is not a JSON object are left alone.
 * Numbers keep their exact values; whitespace and a repeated key's earlier copies do not survive
 * a rewrite.
 */
final class UsageOption {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true)).build();

    private UsageOption() {
    }

    /** The body with usage asked for, or null when it needs no change or cannot be read. */
    static byte[] injected(byte[] body) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (IOException unreadable) {
            return null; // not JSON: passes as it is, the provider answers it
        }
        if (!(root instanceof ObjectNode request) || !request.path("stream").isBoolean()
                || !request.path("stream").booleanValue()) {
            return null;
        }
        JsonNode options = request.get("stream_options");
        if (options == null || options.isNull()) {
            request.putObject("stream_options").put("include_usage", true);
        } else if (options instanceof ObjectNode object) {
            JsonNode include = object.get("include_usage");
            if (include != null && include.isBoolean() && include.booleanValue()) {
                return null; // the client asked already
            }
            object.put("include_usage", true);
        } else {
            return null; // a stream_options of another shape is the provider's to refuse
        }
        try {
            return JSON.writeValueAsBytes(request);
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
