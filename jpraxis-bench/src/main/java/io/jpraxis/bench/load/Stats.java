package io.jpraxis.bench.load;

import java.util.Arrays;
import java.util.Collection;

/** Medians across rounds and latency percentiles over one run's samples. */
public final class Stats {
    private Stats() {
    }

    /**
     * The median of {@code values}: the middle one, or the mean of the two middle ones for an
     * even count; NaN when there are none (a run that produced no figure).
     */
    public static double median(Collection<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).filter(v -> !Double.isNaN(v)).sorted()
                .toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /**
     * The nearest-rank percentile (the smallest sample with at least {@code p} percent of the
     * samples at or below it) of an ascending array; -1 when it is empty. Nearest rank, rather
     * than interpolation, always answers a latency that some request really had.
     */
    public static long percentile(long[] ascending, double p) {
        if (p <= 0 || p > 100) {
            throw new IllegalArgumentException("p: " + p + " (expected: 0 < p <= 100)");
        }
        if (ascending.length == 0) {
            return -1;
        }
        int rank = (int) Math.ceil(p / 100 * ascending.length);
        return ascending[Math.max(rank, 1) - 1];
    }

    /** Sorts a copy of {@code samples} for {@link #percentile}. */
    public static long[] ascending(long[] samples) {
        long[] copy = samples.clone();
        Arrays.sort(copy);
        return copy;
    }
}
