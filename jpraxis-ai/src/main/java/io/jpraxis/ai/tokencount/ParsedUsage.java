package io.jpraxis.ai.tokencount;

/**
 * Counts one response (or one event of a stream) reported, normalised to the {@code token.*}
 * meaning (see docs/reference/filters/token_count.md#provider-mapping); a field the provider did
 * not report is null. Values are unsigned 64-bit counts in a {@code long}.
 *
 * @param total the provider's total, or null when it sent none (then input + output is used)
 */
record ParsedUsage(Long input, Long output, Long total, Long cacheRead, Long cacheWrite, Long reasoning) {
    static final ParsedUsage NONE = new ParsedUsage(null, null, null, null, null, null);

    boolean hasCounts() {
        return input != null || output != null;
    }
}
