package io.jpraxis.filters.traffic.ratelimit;

/**
 * A bucket's rate and capacity in the units {@link TokenBucket} works in: nanoseconds per token
 * and nanoseconds a full bucket covers.
 *
 * @param intervalNanos time to earn one token (1e9 / rate), at least 1
 * @param capacityNanos {@code burst} tokens' worth of intervals
 */
record BucketShape(long intervalNanos, long capacityNanos) {
    /**
     * Longest interval kept: 2^59 ns, about 18 years a token. Together with the capacity bound it
     * keeps every sum {@link TokenBucket} forms inside a {@code long}.
     */
    static final long MAX_INTERVAL_NANOS = 1L << 59;
    /** Longest capacity kept: 2^61 ns, about 73 years. */
    static final long MAX_CAPACITY_NANOS = 1L << 61;

    /**
     * The shape of {@code rate} tokens a second with room for {@code burst}. The interval is rounded
     * to whole nanoseconds, which is exact to better than 1 in 10,000 for any rate below 10 million
     * a second; rates above a billion a second act as a billion.
     */
    static BucketShape of(double rate, long burst) {
        double interval = Math.rint(1e9 / rate);
        long intervalNanos = (long) Math.min(Math.max(interval, 1), MAX_INTERVAL_NANOS);
        long capacityNanos = burst > MAX_CAPACITY_NANOS / intervalNanos ? MAX_CAPACITY_NANOS : burst * intervalNanos;
        return new BucketShape(intervalNanos, capacityNanos);
    }
}
