package io.jpraxis.ai.tokencount;

import io.jpraxis.core.context.TokenUsage;

/**
 * The counts of one response accumulated event by event (see
 * docs/reference/filters/token_count.md#server-sent-events): a complete usage replaces the running
 * input, output and total (the last complete event wins), running counts are merged by maximum
 * (Anthropic's cumulative {@code message_delta} counts and once-only counts alike), and reported
 * breakdowns are kept. Values compare as unsigned 64-bit counts.
 */
final class StreamTally {
    private Long input;
    private Long output;
    private Long completeTotal;
    private Long cacheRead;
    private Long cacheWrite;
    private Long reasoning;
    private boolean overflow;

    /** Replaces the running counts with a complete usage. */
    void complete(ParsedUsage usage) {
        input = usage.input();
        output = usage.output();
        completeTotal = usage.total() != null ? usage.total() : UsageFields.plus(usage.input(), usage.output());
        breakdowns(usage);
        overflow = false; // counts after a dropped event are authoritative
    }

    /** Merges running counts by maximum. */
    void partial(ParsedUsage usage) {
        input = max(input, usage.input());
        output = max(output, usage.output());
        cacheRead = max(cacheRead, usage.cacheRead());
        cacheWrite = max(cacheWrite, usage.cacheWrite());
        reasoning = max(reasoning, usage.reasoning());
        overflow = false;
    }

    private void breakdowns(ParsedUsage usage) {
        if (usage.cacheRead() != null) {
            cacheRead = usage.cacheRead();
        }
        if (usage.cacheWrite() != null) {
            cacheWrite = usage.cacheWrite();
        }
        if (usage.reasoning() != null) {
            reasoning = usage.reasoning();
        }
    }

    /** An event was dropped for its size: an overflow unless usage is recovered after it. */
    void dropped() {
        overflow = true;
    }

    boolean overflow() {
        return overflow;
    }

    /** The counts so far, or null when neither side was seen (nothing to publish). */
    TokenUsage usage() {
        if (input == null && output == null) {
            return null;
        }
        long in = input == null ? 0 : input;
        long out = output == null ? 0 : output;
        long total = completeTotal != null ? completeTotal : TokenUsage.saturatingAdd(in, out);
        return new TokenUsage(in, out, total, cacheRead, cacheWrite, reasoning);
    }

    private static Long max(Long current, Long seen) {
        if (seen == null) {
            return current;
        }
        return current == null || Long.compareUnsigned(seen, current) > 0 ? seen : current;
    }
}
