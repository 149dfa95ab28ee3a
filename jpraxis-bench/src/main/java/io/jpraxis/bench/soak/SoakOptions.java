package io.jpraxis.bench.soak;

import io.jpraxis.bench.load.OptionArgs;
import java.nio.file.Path;

/**
 * The soak's command line, parsed.
 *
 * @param rate the total request rate in requests per second; NaN: half of the calibrated peak
 * @param calibrationSeconds length of the closed-loop run that measures the peak
 */
public record SoakOptions(int minutes, int sampleSeconds, int reloadSeconds, double rate, int calibrationSeconds,
        Path outDir) {

    /** A run this long is a result; shorter ones are checks of the soak itself, named {@code -quick}. */
    public static final int REPORTABLE_MINUTES = 60;

    public static final String USAGE = """
            usage: bench/soak [--minutes N] [--sample-secs N] [--reload-secs N] [--rate REQ_PER_S]
                              [--calibrate-secs N] [--out DIR]
              --minutes N         length of the loaded run (default 60; shorter runs are named -quick)
              --sample-secs N     seconds between resource samples (default 10)
              --reload-secs N     seconds between config rewrites, each a real reload (default 60)
              --rate REQ_PER_S    total request rate of the mix (default: half of the peak that a
                                  closed-loop wrk GET /small reaches in the calibration run)
              --calibrate-secs N  length of that calibration run (default 10)
              --out DIR           where results go (default bench/results)
            """;

    /** Whether the run is long enough to be recorded as a result. */
    public boolean reportable() {
        return minutes >= REPORTABLE_MINUTES;
    }

    /** The loaded run's length in seconds. */
    public int seconds() {
        return minutes * 60;
    }

    /** Parses {@code args}; a wrong option throws {@link IllegalArgumentException} naming it. */
    public static SoakOptions parse(String... args) {
        int minutes = 60;
        int sample = 10;
        int reload = 60;
        double rate = Double.NaN;
        int calibrate = 10;
        Path out = Path.of("bench", "results");
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--minutes" -> minutes = OptionArgs.positive(arg, OptionArgs.value(args, ++i, arg));
                case "--sample-secs" -> sample = OptionArgs.positive(arg, OptionArgs.value(args, ++i, arg));
                case "--reload-secs" -> reload = OptionArgs.positive(arg, OptionArgs.value(args, ++i, arg));
                case "--rate" -> rate = positiveRate(arg, OptionArgs.value(args, ++i, arg));
                case "--calibrate-secs" -> calibrate = OptionArgs.positive(arg, OptionArgs.value(args, ++i, arg));
                case "--out" -> out = Path.of(OptionArgs.value(args, ++i, arg));
                default -> throw new IllegalArgumentException(arg + ": unknown option (expected one of --minutes"
                        + " --sample-secs --reload-secs --rate --calibrate-secs --out)");
            }
        }
        if (sample * SoakWindows.MIN_SAMPLES * 2 > minutes * 60) {
            throw new IllegalArgumentException("--sample-secs: " + sample + " (expected: at most " + minutes * 60
                    / (SoakWindows.MIN_SAMPLES * 2) + " for a run of " + minutes + " minutes, so each compared"
                    + " window holds " + SoakWindows.MIN_SAMPLES + " samples)");
        }
        return new SoakOptions(minutes, sample, reload, rate, calibrate, out);
    }

    private static double positiveRate(String option, String text) {
        try {
            double r = Double.parseDouble(text);
            if (r > 0 && Double.isFinite(r)) {
                return r;
            }
        } catch (NumberFormatException e) {
            // reported below with the option's name
        }
        throw new IllegalArgumentException(option + ": \"" + text + "\" (expected: a positive number of requests per"
                + " second)");
    }
}
