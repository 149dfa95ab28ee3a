package io.jpraxis.bench.load;

/** Median rows for tests: only the figures a test names differ from a plausible default. */
final class Rows {
    private Rows() {
    }

    static TargetMedians row(String workload, TargetKind target, double rps, double p99Micros, double cpu,
            double rssMiB) {
        return new TargetMedians(workload, target.cliName(), rps, p99Micros / 2, p99Micros * 0.8, p99Micros, cpu,
                rssMiB, 0, 0, 3, 0);
    }

    static TargetMedians withErrors(TargetMedians r, long total) {
        return new TargetMedians(r.workload(), r.target(), r.requestsPerSecond(), r.p50Micros(), r.p90Micros(),
                r.p99Micros(), r.cpuMicrosPerRequest(), r.peakRssMiB(), total / (double) r.runs(), total, r.runs(),
                r.failedRuns());
    }
}
