package io.jpraxis.config.model;

/**
 * A cluster's {@code slow_start} (feature {@code slow-start}; see
 * docs/behaviour/clusters.md#slow-start): an endpoint added by a reload, or back from unhealthy,
 * ramps from no weight to its configured weight over {@code windowMs}, following
 * {@code (elapsed / window) ^ (1 / aggression)}.
 *
 * @param windowMs length of the ramp, 1 to {@link #MAX_WINDOW_MS} milliseconds
 * @param aggression the curve: 1 is a straight line, above 1 gives weight earlier, below 1 later;
 *     finite, above 0 and at most {@link #MAX_AGGRESSION}
 */
public record SlowStartConfig(long windowMs, double aggression) {
    /** The longest window: one hour. */
    public static final long MAX_WINDOW_MS = 3_600_000;
    /** The largest aggression. */
    public static final double MAX_AGGRESSION = 100;
    /** The default aggression: a linear ramp. */
    public static final double DEFAULT_AGGRESSION = 1.0;

    public SlowStartConfig {
        if (windowMs < 1 || windowMs > MAX_WINDOW_MS) {
            throw new IllegalArgumentException("slow_start.window_ms " + windowMs + " (expected: 1 to "
                    + MAX_WINDOW_MS + ")");
        }
        if (!(aggression > 0 && aggression <= MAX_AGGRESSION)) {
            throw new IllegalArgumentException("slow_start.aggression " + aggression + " (expected: above 0, at most "
                    + MAX_AGGRESSION + ")");
        }
    }
}
