package io.jpraxis.bench.soak;

import io.jpraxis.bench.load.Stats;
import java.util.List;

/**
 * One metric judged: the medians of the two windows and whether the growth between them stays
 * under the allowance.
 *
 * @param growthPercent (last - baseline) / baseline, in percent; NaN when the baseline is 0 or missing
 * @param allowance the growth allowed, in the metric's unit: 5% of the baseline or the metric's
 *     absolute allowance, whichever is larger
 */
public record SoakVerdict(SoakMetric metric, double baseline, double last, double growthPercent, double allowance,
        int baselineSamples, int lastSamples, boolean pass) {

    /** Judges {@code metric} over {@code samples} between the two windows. */
    public static SoakVerdict judge(SoakMetric metric, List<SoakSample> samples, SoakWindows.Window baselineWindow,
            SoakWindows.Window lastWindow) {
        List<Double> first = values(metric, samples, baselineWindow);
        List<Double> end = values(metric, samples, lastWindow);
        double baseline = Stats.median(first);
        double last = Stats.median(end);
        double allowance = Math.max(SoakMetric.ALLOWED_GROWTH * baseline, metric.absoluteAllowance());
        double growth = baseline > 0 ? 100 * (last - baseline) / baseline : Double.NaN;
        // A missing figure fails: a soak that could not read a metric has not shown it stays flat.
        boolean pass = !Double.isNaN(baseline) && !Double.isNaN(last) && (last <= baseline || last - baseline < allowance);
        return new SoakVerdict(metric, baseline, last, growth, allowance, first.size(), end.size(), pass);
    }

    private static List<Double> values(SoakMetric metric, List<SoakSample> samples, SoakWindows.Window window) {
        return samples.stream().filter(s -> window.contains(s.seconds())).map(metric::of).filter(v -> !Double.isNaN(v))
                .toList();
    }
}
