package io.jpraxis.ai.tokenratelimit;

/**
 * A token-bucket budget (see docs/reference/filters/token_rate_limit.md#algorithms): starts full,
 * refills continuously at {@code refill_rate} up to the capacity; a reservation takes its estimate
 * at once, and settling refunds (capped at the capacity) or debits the overage (floored at 0). A
 * clock stepped backwards only delays refill.
 */
final class TokenBucketBudget extends KeyBudget {
    private final double perMs;
    private double tokens;
    private long lastMs;

    TokenBucketBudget(long capacity, double refillPerSecond, long timeoutMs, long now) {
        super(capacity, timeoutMs);
        this.perMs = refillPerSecond / 1000.0;
        this.tokens = capacity;
        this.lastMs = now;
    }

    @Override
    void advance(long now) {
        if (now > lastMs) {
            tokens = Math.min(capacity, tokens + (now - lastMs) * perMs);
            lastMs = now;
        }
    }

    @Override
    boolean fits(long estimate) {
        return tokens >= estimate;
    }

    /** ceil(deficit ÷ refill_rate) in ms, at least 1. */
    @Override
    long retryAfterMs(long estimate, long now) {
        double ms = Math.ceil((estimate - tokens) / perMs);
        return Math.max(1, ms >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) ms);
    }

    @Override
    long admit(long sequence, long estimate, long now) {
        active.put(sequence, new Active(estimate, now));
        tokens -= estimate;
        return (long) Math.ceil(capacity - tokens);
    }

    @Override
    void expired(Active reservation, long now) {
        // already debited at admission: the estimate stands
    }

    @Override
    void charge(Active reservation, long actual, long now) {
        tokens = Math.max(0, Math.min(capacity, tokens + reservation.estimate() - (double) actual));
    }

    @Override
    boolean idle() {
        return active.isEmpty() && tokens >= capacity;
    }

    @Override
    long remaining() {
        return (long) Math.floor(tokens);
    }
}
