package io.jpraxis.core.balance;

/**
 * One full cycle of weighted picks: position {@code p} of the cycle names an endpoint index, and
 * over every full cycle each endpoint appears exactly as often as its (reduced) weight.
 */
sealed interface WeightSchedule permits SmoothWeightedSchedule, StridedWeightSchedule {

    /** Number of positions in one cycle (the sum of the reduced weights). */
    long cycleLength();

    /** The endpoint index at {@code position}, which is in {@code [0, cycleLength())}. */
    int endpointAt(long position);

    /**
     * The best schedule for these weights: the nginx smooth sequence precomputed as a table when it
     * is small enough to build quickly, else a strided walk that needs no table.
     */
    static WeightSchedule of(int[] weights) {
        int[] reduced = Weights.reduceByGcd(weights);
        long total = Weights.sum(reduced);
        if (SmoothWeightedSchedule.fits(total, reduced.length)) {
            return SmoothWeightedSchedule.build(reduced);
        }
        return new StridedWeightSchedule(reduced);
    }
}
