package io.jpraxis.bench.load;

/**
 * One workload's figures for one target: medians across the rounds that produced figures.
 *
 * @param p50Micros latency percentiles in µs (medians of each run's percentile)
 * @param errorsMedian the median of each run's error count
 * @param errorsTotal errors summed over every round, for goals that want none at all
 * @param runs rounds that produced figures
 * @param failedRuns rounds that did not
 */
public record TargetMedians(String workload, String target, double requestsPerSecond, double p50Micros,
        double p90Micros, double p99Micros, double cpuMicrosPerRequest, double peakRssMiB, double errorsMedian,
        long errorsTotal, int runs, int failedRuns) {
}
