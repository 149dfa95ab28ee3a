package io.jpraxis.core.balance;

import io.jpraxis.core.upstream.EndpointState;
import java.util.Arrays;

/**
 * Endpoint weights laid end to end on {@code [0, total)}: a point on the line names the endpoint
 * whose span holds it, so a uniform point is a weighted choice.
 */
final class WeightLine {
    /** {@code upperBounds[i]} is the exclusive end of the span of the {@code i}-th endpoint given. */
    private final long[] upperBounds;

    private WeightLine(long[] upperBounds) {
        this.upperBounds = upperBounds;
    }

    /** The line over the configured weights of {@code endpoints[indices[0]], endpoints[indices[1]], ...}. */
    static WeightLine over(EndpointState[] endpoints, int[] indices) {
        return of(Pickable.configured(endpoints, indices, false).weights());
    }

    /** The line over {@code weights}, each at least 1, in order. */
    static WeightLine of(int[] weights) {
        long[] bounds = new long[weights.length];
        long end = 0;
        for (int i = 0; i < weights.length; i++) {
            end += weights[i];
            bounds[i] = end;
        }
        return new WeightLine(bounds);
    }

    long total() {
        return upperBounds[upperBounds.length - 1];
    }

    /** Position (in the order given to {@link #over}) of the endpoint whose span holds {@code point}. */
    int positionAt(long point) {
        int found = Arrays.binarySearch(upperBounds, point);
        // An exact hit on a bound is the first unit of the next span.
        return found >= 0 ? found + 1 : -found - 1;
    }
}
