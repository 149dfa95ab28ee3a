package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.tokencount.TokenMetadata;
import io.jpraxis.ai.tokenratelimit.TokenRateLimitConfig.Weights;
import io.jpraxis.core.context.RequestMetadata;
import io.jpraxis.core.context.TokenUsage;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.OptionalLong;

/**
 * What a reconciled request actually cost (see
 * docs/reference/filters/token_rate_limit.md#reconciliation), from the {@code token.*} metadata
 * {@code token_count} writes (docs/reference/filters/token_count.md#the-token-metadata). Input is
 * split into cache reads, cache writes and the uncached rest; reasoning is nested in the output
 * (OpenAI) when the reported total is at least as close to input + output as to input + output +
 * reasoning, else additive (Google's thoughts); each part is weighed, the sum rounded up and capped
 * at 2^53. Decimal arithmetic, so {@code 0.9} weighs exactly 0.9 and rounding up never adds a
 * token that binary fractions invented.
 */
final class ActualCost {
    private static final BigDecimal CAP = BigDecimal.valueOf(TokenRateLimitConfig.MAX_TOKENS);

    /** The counts as reported; null where absent. */
    record Counts(BigDecimal input, BigDecimal output, BigDecimal total, BigDecimal cacheRead, BigDecimal cacheWrite,
            BigDecimal reasoning) {
        static Counts of(TokenUsage u) {
            return new Counts(unsigned(u.input()), unsigned(u.output()), unsigned(u.total()), unsigned(u.cacheRead()),
                    unsigned(u.cacheWrite()), unsigned(u.reasoning()));
        }
    }

    private ActualCost() {
    }

    /**
     * The metadata's counts; {@code null} when there is nothing to read and empty counts when
     * {@code token.status} says the capture overflowed (the estimate must stand).
     */
    static Counts fromMetadata(RequestMetadata m) {
        if (TokenMetadata.OVERFLOW.equals(m.get(TokenMetadata.STATUS))) {
            return new Counts(null, null, null, null, null, null);
        }
        Counts c = new Counts(parse(m.get(TokenMetadata.INPUT)), parse(m.get(TokenMetadata.OUTPUT)),
                parse(m.get(TokenMetadata.TOTAL)), parse(m.get(TokenMetadata.CACHE_READ)),
                parse(m.get(TokenMetadata.CACHE_WRITE)), parse(m.get(TokenMetadata.REASONING)));
        return c.input() == null && c.output() == null && c.total() == null ? null : c;
    }

    /** The weighed cost, or empty when the counts are unusable (settle at the estimate). */
    static OptionalLong of(Counts c, Weights w) {
        if (c == null) {
            return OptionalLong.empty();
        }
        if (c.input() != null && c.output() != null) {
            BigDecimal input = c.input();
            BigDecimal cacheRead = c.cacheRead() == null ? BigDecimal.ZERO : c.cacheRead().min(input);
            BigDecimal cacheWrite = c.cacheWrite() == null ? BigDecimal.ZERO : c.cacheWrite().min(input.subtract(cacheRead));
            BigDecimal uncached = input.subtract(cacheRead).subtract(cacheWrite);
            BigDecimal reasoning = c.reasoning() == null ? BigDecimal.ZERO : c.reasoning();
            BigDecimal visible = nested(c, reasoning) ? c.output().subtract(reasoning.min(c.output())) : c.output();
            BigDecimal sum = uncached.multiply(weight(w.input())).add(cacheRead.multiply(weight(w.cachedInput())))
                    .add(cacheWrite.multiply(weight(w.cacheWrite()))).add(visible.multiply(weight(w.output())))
                    .add(reasoning.multiply(weight(w.reasoning())));
            return OptionalLong.of(capped(sum));
        }
        if (c.total() != null && c.input() == null && c.output() == null) {
            return OptionalLong.of(capped(c.total()));
        }
        return OptionalLong.empty();
    }

    /** Reasoning counted inside the output: the total is nearer input + output (ties and no total: nested). */
    static boolean nested(Counts c, BigDecimal reasoning) {
        if (c.total() == null || c.reasoning() == null) {
            return true;
        }
        BigDecimal visibleSum = c.input().add(c.output());
        BigDecimal nestedGap = c.total().subtract(visibleSum).abs();
        BigDecimal additiveGap = c.total().subtract(visibleSum.add(reasoning)).abs();
        return nestedGap.compareTo(additiveGap) <= 0;
    }

    private static long capped(BigDecimal sum) {
        BigDecimal up = sum.setScale(0, RoundingMode.CEILING);
        return up.compareTo(CAP) >= 0 ? TokenRateLimitConfig.MAX_TOKENS : up.longValueExact();
    }

    /** The weight as written in the config ({@code 0.9}, not its binary neighbour). */
    private static BigDecimal weight(double w) {
        return BigDecimal.valueOf(w);
    }

    private static BigDecimal parse(String text) {
        if (text == null) {
            return null;
        }
        try {
            return unsigned(Long.parseUnsignedLong(text));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static BigDecimal unsigned(Long value) {
        return value == null ? null : new BigDecimal(Long.toUnsignedString(value));
    }
}
