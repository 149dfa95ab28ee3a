package io.jpraxis.bench.load;

/** One goal judged against the medians, with the figures that decided it. */
public record GoalResult(String goal, Verdict verdict, String detail) {

    /** How a goal came out. */
    public enum Verdict {
        PASS,
        FAIL,
        /** A workload or target it needs was not run (or produced no figures). */
        NOT_MEASURED
    }
}
