package io.jpraxis.core.balance;

import io.jpraxis.config.model.SlowStartConfig;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.EndpointState;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * A cluster's slow-start ramp (see docs/behaviour/clusters.md#slow-start): an endpoint whose ramp
 * began {@code t} ago picks with {@code weight * (t / window) ^ (1 / aggression)} until the window
 * ends, then with its weight. The weights of one pick are whole numbers, so while anything ramps
 * every weight is multiplied by up to {@link #SCALE} (a thousandth of a weight is the finest step),
 * and the weights are recomputed every hundredth of the window: often enough for a smooth ramp,
 * rarely enough that a round-robin cycle is rebuilt at most a hundred times per ramp.
 */
final class SlowStartRamp {
    /** The most every weight is multiplied by while something ramps. */
    static final int SCALE = 1000;
    /** The weights hold for this share of the window before they are recomputed. */
    private static final int STEPS_PER_WINDOW = 100;
    private static final long MIN_STEP_NANOS = 1_000_000;

    private final long windowNanos;
    private final double aggression;
    private final long stepNanos;
    private final LongSupplier ticker;

    SlowStartRamp(SlowStartConfig config, LongSupplier ticker) {
        this.windowNanos = config.windowMs() * 1_000_000;
        this.aggression = config.aggression();
        this.stepNanos = Math.max(MIN_STEP_NANOS, windowNanos / STEPS_PER_WINDOW);
        this.ticker = ticker;
    }

    /** The ramp of {@code state}, or null when its cluster has no {@code slow_start}. */
    static SlowStartRamp of(ClusterState state) {
        SlowStartConfig config = state.config().slowStart();
        return config == null ? null : new SlowStartRamp(config, state.ticker());
    }

    /**
     * The share of its weight an endpoint has {@code elapsedNanos} into a ramp of {@code windowNanos}:
     * {@code (elapsed / window) ^ (1 / aggression)}, 0 at the start, 1 from the end of the window on.
     */
    static double factor(long elapsedNanos, long windowNanos, double aggression) {
        if (elapsedNanos >= windowNanos) {
            return 1;
        }
        if (elapsedNanos <= 0) {
            return 0;
        }
        return Math.pow((double) elapsedNanos / windowNanos, 1 / aggression);
    }

    long now() {
        return ticker.getAsLong();
    }

    /** Whether {@code endpoint} is inside its window at {@code now}. */
    boolean ramping(EndpointState endpoint, long now) {
        long start = endpoint.rampStartNanos();
        return start != EndpointState.NOT_RAMPING && now - start < windowNanos;
    }

    /** The share of its weight {@code endpoint} has at {@code now}. */
    double factor(EndpointState endpoint, long now) {
        long start = endpoint.rampStartNanos();
        return start == EndpointState.NOT_RAMPING ? 1 : factor(now - start, windowNanos, aggression);
    }

    /**
     * The weights of the {@code eligible} endpoints at {@code now}. An endpoint whose ramped weight
     * rounds to 0 is left out; when that leaves none, the configured weights apply, so a cluster
     * whose every endpoint just joined still serves.
     */
    Weighing weigh(EndpointState[] endpoints, int[] eligible, long now) {
        boolean any = false;
        long heaviest = 1;
        for (int i : eligible) {
            any |= ramping(endpoints[i], now);
            heaviest = Math.max(heaviest, endpoints[i].endpoint().weight());
        }
        if (!any) {
            return new Weighing(Pickable.configured(endpoints, eligible, true), Long.MAX_VALUE);
        }
        // Scaled weights stay ints: a cluster of huge weights is scaled less (it needs no finer steps).
        long scale = Math.clamp(Integer.MAX_VALUE / heaviest, 1, SCALE);
        int[] indices = new int[eligible.length];
        int[] weights = new int[eligible.length];
        int n = 0;
        for (int i : eligible) {
            long weight = Math.round(endpoints[i].endpoint().weight() * scale * factor(endpoints[i], now));
            if (weight > 0) {
                indices[n] = i;
                weights[n++] = (int) weight;
            }
        }
        Pickable pickable = n == 0 ? Pickable.configured(endpoints, eligible, false)
                : new Pickable(Arrays.copyOf(indices, n), Arrays.copyOf(weights, n), false, true);
        return new Weighing(pickable, now + stepNanos);
    }

    /**
     * @param pickable the weights to pick with
     * @param validUntil the {@link #now()} from which they must be recomputed; {@link Long#MAX_VALUE}: until
     *     health or a ramp's start changes
     */
    record Weighing(Pickable pickable, long validUntil) {
    }
}
