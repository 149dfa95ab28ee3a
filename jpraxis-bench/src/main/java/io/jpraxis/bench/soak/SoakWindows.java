package io.jpraxis.bench.soak;

/**
 * The two stretches of the run whose samples are compared: the minute that ends at minute 10 of
 * an hour and the last minute. Both scale with the run's length (the first ends at a sixth of it
 * and each is a sixtieth of it long), and each is at least {@link #MIN_SAMPLES} samples wide, so a
 * short check of the soak compares medians of a few samples too.
 */
public final class SoakWindows {
    /** The fewest samples a window spans, so its median is not one sample's noise. */
    public static final int MIN_SAMPLES = 3;

    private SoakWindows() {
    }

    /** Seconds since the load started, from (exclusive) to (inclusive). */
    public record Window(double fromSeconds, double toSeconds) {

        /** Whether a sample taken {@code seconds} after the start falls in this window. */
        public boolean contains(double seconds) {
            return seconds > fromSeconds && seconds <= toSeconds;
        }
    }

    /** The window that plays minute 10 of an hour: it ends at a sixth of the run. */
    public static Window baseline(int runSeconds, int sampleSeconds) {
        double end = runSeconds / 6.0;
        return new Window(Math.max(0, end - width(runSeconds, sampleSeconds)), end);
    }

    /** The window that plays minute 60: the run's last stretch. */
    public static Window last(int runSeconds, int sampleSeconds) {
        return new Window(runSeconds - width(runSeconds, sampleSeconds), runSeconds);
    }

    private static double width(int runSeconds, int sampleSeconds) {
        return Math.max(runSeconds / 60.0, (double) MIN_SAMPLES * sampleSeconds);
    }
}
