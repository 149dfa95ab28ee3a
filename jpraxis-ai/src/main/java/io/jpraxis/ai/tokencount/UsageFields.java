package io.jpraxis.ai.tokencount;

import com.fasterxml.jackson.databind.JsonNode;
import io.jpraxis.core.context.TokenUsage;
import java.math.BigInteger;

/** Lenient reads of count fields: anything but a non-negative integer of at most 64 bits is absent. */
final class UsageFields {
    private static final int U64_BITS = 64;

    private UsageFields() {
    }

    /** The object at {@code name} of {@code node}, or null when absent or not an object. */
    static JsonNode object(JsonNode node, String name) {
        JsonNode child = node == null ? null : node.get(name);
        return child != null && child.isObject() ? child : null;
    }

    /** The unsigned count at {@code name} of {@code node}, or null. */
    static Long count(JsonNode node, String name) {
        JsonNode value = node == null ? null : node.get(name);
        if (value == null || !value.isIntegralNumber()) {
            return null;
        }
        BigInteger n = value.bigIntegerValue();
        return n.signum() < 0 || n.bitLength() > U64_BITS ? null : n.longValue();
    }

    /** The count at {@code path} of nested objects, or null. */
    static Long count(JsonNode node, String object, String name) {
        return count(object(node, object), name);
    }

    /** {@code a + b}, saturating; a null side counts as zero. */
    static long plus(Long a, Long b) {
        return TokenUsage.saturatingAdd(a == null ? 0 : a, b == null ? 0 : b);
    }

    /** The text at {@code name}, or null when absent or not a string. */
    static String text(JsonNode node, String name) {
        JsonNode value = node == null ? null : node.get(name);
        return value != null && value.isTextual() ? value.asText() : null;
    }
}
