package io.jpraxis.ai.overlay;

import static io.jpraxis.ai.candidate.HeaderText.quote;

import com.fasterxml.jackson.databind.JsonNode;

/** Typed reads of overlay JSON; each failure names the path and what was expected. */
final class JsonFields {
    private JsonFields() {
    }

    /** The member, or null when it is absent or JSON null (an optional field left out). */
    static JsonNode optional(JsonNode parent, String key) {
        JsonNode value = parent.get(key);
        return value == null || value.isNull() ? null : value;
    }

    static JsonNode object(JsonNode parent, String key, String path, OverlayRejection reason) {
        JsonNode value = optional(parent, key);
        if (value == null) {
            throw new OverlayProblem(reason, path + ": missing (expected: an object)");
        }
        if (!value.isObject()) {
            throw new OverlayProblem(reason, path + ": " + describe(value) + " (expected: an object)");
        }
        return value;
    }

    static String string(JsonNode parent, String key, String path, OverlayRejection reason) {
        JsonNode value = optional(parent, key);
        if (value == null) {
            throw new OverlayProblem(reason, path + ": missing (expected: a string)");
        }
        return text(value, path, reason);
    }

    static String optionalString(JsonNode parent, String key, String path, OverlayRejection reason) {
        JsonNode value = optional(parent, key);
        return value == null ? null : text(value, path, reason);
    }

    private static String text(JsonNode value, String path, OverlayRejection reason) {
        if (!value.isTextual()) {
            throw new OverlayProblem(reason, path + ": " + describe(value) + " (expected: a string)");
        }
        return value.textValue();
    }

    /** An optional unsigned 32-bit integer (Praxis's u32 fields). */
    static Long optionalU32(JsonNode parent, String key, String path, OverlayRejection reason) {
        JsonNode value = optional(parent, key);
        if (value == null) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() < 0
                || value.longValue() > 0xFFFF_FFFFL) {
            throw new OverlayProblem(reason, path + ": " + describe(value) + " (expected: an integer 0..4294967295)");
        }
        return value.longValue();
    }

    /** A short rendering of a JSON value for messages: strings quoted, containers by kind. */
    static String describe(JsonNode value) {
        if (value.isTextual()) {
            String text = value.textValue();
            return quote(text.length() > 80 ? text.substring(0, 80) + "..." : text);
        }
        if (value.isObject()) {
            return "an object";
        }
        if (value.isArray()) {
            return "an array";
        }
        return value.toString();
    }
}
