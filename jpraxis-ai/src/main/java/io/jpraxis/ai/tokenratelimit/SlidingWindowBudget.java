package io.jpraxis.ai.tokenratelimit;

import java.util.Map;
import java.util.TreeMap;

/**
 * A sliding-window budget (see docs/reference/filters/token_rate_limit.md#algorithms): usage is
 * the settled charges admitted within the trailing window plus every unsettled reservation's
 * estimate. A settled charge keeps its admission time, so it leaves the window {@code window}
 * after admission, however late it was settled.
 */
final class SlidingWindowBudget extends KeyBudget {
    private final long windowMs;
    /** Admission time to the tokens charged for requests admitted then. */
    private final TreeMap<Long, Long> settled = new TreeMap<>();
    private long settledSum;
    private long activeSum;

    SlidingWindowBudget(long capacity, long windowMs, long timeoutMs) {
        super(capacity, timeoutMs);
        this.windowMs = windowMs;
    }

    @Override
    void advance(long now) {
        long cutoff = now - windowMs;
        while (!settled.isEmpty() && settled.firstKey() <= cutoff) {
            settledSum -= settled.pollFirstEntry().getValue();
        }
    }

    private long usage() {
        return settledSum + activeSum;
    }

    @Override
    boolean fits(long estimate) {
        // usage + estimate = capacity is admitted; one more token is not.
        return estimate <= capacity - usage();
    }

    /** The longest time until a settled charge leaves the window, and never less than the reservation timeout. */
    @Override
    long retryAfterMs(long estimate, long now) {
        long longest = settled.isEmpty() ? 0 : settled.lastKey() + windowMs - now;
        return Math.max(longest, timeoutMs);
    }

    @Override
    long admit(long sequence, long estimate, long now) {
        active.put(sequence, new Active(estimate, now));
        activeSum += estimate;
        return usage();
    }

    @Override
    void expired(Active reservation, long now) {
        charge(reservation, reservation.estimate(), now);
    }

    @Override
    void charge(Active reservation, long actual, long now) {
        activeSum -= reservation.estimate();
        if (actual > 0 && reservation.admittedMs() > now - windowMs) {
            settled.merge(reservation.admittedMs(), actual, Long::sum);
            settledSum += actual;
        }
    }

    @Override
    boolean idle() {
        return active.isEmpty() && settled.isEmpty();
    }

    @Override
    long remaining() {
        return Math.max(0, capacity - usage());
    }

    /** Settled charges still in the window (tests). */
    Map<Long, Long> settledCharges() {
        return Map.copyOf(settled);
    }
}
