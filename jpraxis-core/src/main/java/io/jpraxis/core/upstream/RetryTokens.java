package io.jpraxis.core.upstream;

import io.jpraxis.config.model.RetryPolicyConfig;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * A cluster's retry budget (see docs/behaviour/retries.md#retry-budget): a token bucket that
 * starts with {@code min_retries_per_second} tokens, refills at that rate and holds at most
 * {@code max(active requests * percent / 100, min_retries_per_second)}. Each retry takes one
 * token; with none left the failure is answered. Shared by every event loop, hence synchronized:
 * the critical section is a few arithmetic operations.
 */
public final class RetryTokens {
    private static final double NANOS_PER_SECOND = 1e9;

    private final RetryPolicyConfig.Budget budget;
    private final IntSupplier activeRequests;
    private final LongSupplier nanoClock;
    private double tokens;
    private long refilledAtNanos;

    public RetryTokens(RetryPolicyConfig.Budget budget, IntSupplier activeRequests, LongSupplier nanoClock) {
        this.budget = budget;
        this.activeRequests = activeRequests;
        this.nanoClock = nanoClock;
        this.tokens = budget.minRetriesPerSecond();
        this.refilledAtNanos = nanoClock.getAsLong();
    }

    /** Takes one token; false (nothing taken) when the bucket is empty. */
    public synchronized boolean tryTake() {
        refill();
        if (tokens < 1) {
            return false;
        }
        tokens -= 1;
        return true;
    }

    /** Tokens left now, for tests and metrics. */
    public synchronized double available() {
        refill();
        return tokens;
    }

    private void refill() {
        long now = nanoClock.getAsLong();
        double elapsedSeconds = (now - refilledAtNanos) / NANOS_PER_SECOND;
        refilledAtNanos = now;
        double capacity = Math.max(activeRequests.getAsInt() * budget.percent() / 100.0, budget.minRetriesPerSecond());
        tokens = Math.min(capacity, tokens + elapsedSeconds * budget.minRetriesPerSecond());
    }
}
