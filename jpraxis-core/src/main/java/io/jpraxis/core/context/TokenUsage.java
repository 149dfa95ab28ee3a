package io.jpraxis.core.context;

/**
 * The token counts one model call reported, as {@code token_count} recovered them (see
 * docs/reference/filters/token_count.md#the-token-metadata). Counts are unsigned 64-bit values kept
 * in a {@code long} (read them with {@link Long#toUnsignedString(long)}); sums saturate at
 * 2<sup>64</sup>-1 rather than wrap. A breakdown the provider did not report is {@link #ABSENT},
 * so "not reported" and "reported zero" stay distinct.
 *
 * @param input input tokens, cache reads and writes included
 * @param output output tokens
 * @param total the provider's total when it reported one, else input + output
 * @param cacheRead cache reads (a subset of {@code input}), or {@link #ABSENT}
 * @param cacheWrite cache writes (a subset of {@code input}), or {@link #ABSENT}
 * @param reasoning reasoning tokens, or {@link #ABSENT}
 */
public record TokenUsage(long input, long output, long total, Long cacheRead, Long cacheWrite, Long reasoning) {
    /** A breakdown the provider did not report. */
    public static final Long ABSENT = null;

    /** Counts without breakdowns. */
    public static TokenUsage of(long input, long output, long total) {
        return new TokenUsage(input, output, total, ABSENT, ABSENT, ABSENT);
    }

    /** {@code a + b} as unsigned 64-bit values, saturating at 2<sup>64</sup>-1. */
    public static long saturatingAdd(long a, long b) {
        long sum = a + b;
        return Long.compareUnsigned(sum, a) < 0 ? -1L : sum;
    }

    /** An unsigned count as a double (for histograms). */
    public static double asDouble(long unsigned) {
        return unsigned >= 0 ? unsigned : (unsigned >>> 1) * 2.0 + (unsigned & 1);
    }
}
