package io.jpraxis.core.balance;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * A table-free weighted cycle for weights whose nginx table would be too large.
 *
 * <p>Lay the weights end to end on {@code [0, total)} and visit the points
 * {@code position * stride mod total}. With {@code stride} coprime to {@code total} every point is
 * visited exactly once per cycle, so each endpoint is picked exactly its weight's worth of times;
 * a stride near {@code total / phi} makes consecutive picks land far apart, which interleaves
 * endpoints much like the smooth sequence does.
 */
final class StridedWeightSchedule implements WeightSchedule {
    private static final double INVERSE_GOLDEN_RATIO = 0.6180339887498949;

    /** {@code upperBounds[i]} is the exclusive end of endpoint {@code i}'s span on the line. */
    private final long[] upperBounds;
    private final long total;
    private final long stride;

    StridedWeightSchedule(int[] weights) {
        this.upperBounds = new long[weights.length];
        long end = 0;
        for (int i = 0; i < weights.length; i++) {
            end += weights[i];
            upperBounds[i] = end;
        }
        this.total = end;
        this.stride = coprimeStride(end);
    }

    /** The first stride at or after {@code total / phi} that shares no factor with {@code total}. */
    static long coprimeStride(long total) {
        if (total <= 2) {
            return 1;
        }
        long candidate = Math.max(1, (long) (total * INVERSE_GOLDEN_RATIO));
        while (Weights.gcd(candidate, total) != 1) {
            candidate++;
        }
        return candidate;
    }

    @Override
    public long cycleLength() {
        return total;
    }

    @Override
    public int endpointAt(long position) {
        long point = multiplyMod(position, stride, total);
        int found = Arrays.binarySearch(upperBounds, point);
        // An exact hit on a bound means the point is the first unit of the next span.
        return found >= 0 ? found + 1 : -found - 1;
    }

    /** {@code a * b mod m} for {@code 0 <= a, b < m}, exact even when the product overflows a long. */
    static long multiplyMod(long a, long b, long m) {
        if (Math.multiplyHigh(a, b) == 0 && a * b >= 0) {
            return (a * b) % m;
        }
        // Only weights summing past ~3 billion get here; correctness beats speed for such configs.
        return BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)).mod(BigInteger.valueOf(m)).longValueExact();
    }
}
