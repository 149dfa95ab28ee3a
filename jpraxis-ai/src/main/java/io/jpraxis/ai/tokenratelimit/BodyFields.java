package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.filters.support.json.TopLevelFields;
import java.util.Map;
import java.util.Set;

/**
 * The request body fields the estimate reads: the output limits and the model, top-level only.
 * A limit that is not a non-negative integer is absent.
 *
 * @param maxTokens {@code max_tokens}, or null
 * @param maxCompletionTokens {@code max_completion_tokens}, or null
 * @param model {@code model} when a string, or null
 */
record BodyFields(Long maxTokens, Long maxCompletionTokens, String model) {
    static final BodyFields NONE = new BodyFields(null, null, null);
    private static final Set<String> WANTED = Set.of("max_tokens", "max_completion_tokens", "model");

    static BodyFields read(BodyChunk body) {
        Map<String, String> f = TopLevelFields.read(body, WANTED);
        if (f.isEmpty()) {
            return NONE;
        }
        String model = f.get("model");
        // TopLevelFields gives a non-string as its JSON text: a quoted model came as a string.
        return new BodyFields(count(f.get("max_tokens")), count(f.get("max_completion_tokens")), model);
    }

    private static Long count(String text) {
        if (text == null || text.isEmpty() || !text.chars().allMatch(Character::isDigit)) {
            return null;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE >> 1; // more digits than a long: far past any capacity
        }
    }
}
