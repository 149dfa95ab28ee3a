package io.jpraxis.core.balance;

/**
 * The nginx "smooth weighted round robin" sequence for one cycle, precomputed as a table.
 *
 * <p>nginx keeps a running "current weight" per endpoint, adds each endpoint's weight on every
 * pick, chooses the largest and subtracts the total from it. That yields an interleaved order
 * ({@code 3:1} gives {@code a a b a}, {@code 5:1:1} gives {@code a a b a c a a}) and repeats after
 * exactly {@code sum(weights)} picks. Running the algorithm live needs a lock around the mutable
 * current weights; computing one cycle up front turns each pick into a counter increment and an
 * array read.
 */
final class SmoothWeightedSchedule implements WeightSchedule {
    /** Largest cycle we tabulate: 64 Ki entries is 256 KiB of ints per cluster at most. */
    static final long MAX_TABLE_LENGTH = 1 << 16;
    /** Cap on build work (cycle length times endpoint count) so startup stays fast. */
    static final long MAX_BUILD_STEPS = 1 << 22;

    private final int[] table;

    private SmoothWeightedSchedule(int[] table) {
        this.table = table;
    }

    /** Whether a table for this cycle is cheap enough to build and hold. */
    static boolean fits(long cycleLength, int endpointCount) {
        return cycleLength <= MAX_TABLE_LENGTH && cycleLength * endpointCount <= MAX_BUILD_STEPS;
    }

    /** Runs the nginx algorithm for one full cycle; ties go to the endpoint declared first. */
    static SmoothWeightedSchedule build(int[] weights) {
        int total = (int) Weights.sum(weights);
        long[] current = new long[weights.length];
        int[] table = new int[total];
        for (int step = 0; step < total; step++) {
            int best = 0;
            for (int i = 0; i < weights.length; i++) {
                current[i] += weights[i];
                if (current[i] > current[best]) {
                    best = i;
                }
            }
            current[best] -= total;
            table[step] = best;
        }
        return new SmoothWeightedSchedule(table);
    }

    @Override
    public long cycleLength() {
        return table.length;
    }

    @Override
    public int endpointAt(long position) {
        return table[(int) position];
    }
}
