package io.jpraxis.bench.soak;

import io.jpraxis.bench.load.MachineInfo;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything one soak measured, as the JSON report holds it.
 *
 * @param calibration the peak the default rate is half of; null when {@code --rate} was given
 * @param rate the total request rate the mix was driven at
 * @param reloadCounters {@code jpraxis_config_reloads_total} by outcome at the end
 * @param pass every metric's verdict passed and every reload applied and served
 */
public record SoakResult(String startedAt, String finishedAt, boolean reportable, MachineInfo machine,
        Settings settings, Calibration calibration, double rate, List<PartTotal> load,
        SoakWindows.Window baselineWindow, SoakWindows.Window lastWindow, List<SoakVerdict> verdicts,
        List<ReloadRecord> reloads, Map<String, Long> reloadCounters, boolean jpraxisAlive, boolean pass,
        List<SoakSample> samples, List<SegmentResult> segments, String runDir) {

    public SoakResult {
        load = List.copyOf(load);
        verdicts = List.copyOf(verdicts);
        reloads = List.copyOf(reloads);
        reloadCounters = Collections.unmodifiableMap(new TreeMap<>(reloadCounters)); // ordered for diffs
        samples = List.copyOf(samples);
        segments = List.copyOf(segments);
    }

    /** The options the soak ran with. */
    public record Settings(int minutes, int sampleSeconds, int reloadSeconds, int calibrationSeconds) {
    }

    /** The closed-loop run whose req/s is the peak. */
    public record Calibration(String description, int seconds, double peakRequestsPerSecond, long errors) {
    }

    /** One part of the mix over the whole soak. */
    public record PartTotal(String part, String description, double targetRate, long requests,
            double requestsPerSecond, long errors, int failedSegments) {

        /** Sums {@code part}'s segments, over {@code loadSeconds} of load. */
        static PartTotal of(MixPart part, double totalRate, List<SegmentResult> segments, double loadSeconds) {
            List<SegmentResult> mine = segments.stream().filter(s -> s.part().equals(part.cliName())).toList();
            long requests = mine.stream().mapToLong(SegmentResult::requests).sum();
            return new PartTotal(part.cliName(), part.description(), part.rate(totalRate), requests,
                    loadSeconds > 0 ? requests / loadSeconds : Double.NaN,
                    mine.stream().mapToLong(SegmentResult::errors).sum(),
                    (int) mine.stream().filter(s -> s.failure() != null).count());
        }
    }
}
