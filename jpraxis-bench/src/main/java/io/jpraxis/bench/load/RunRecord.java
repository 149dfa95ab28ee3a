package io.jpraxis.bench.load;

/**
 * One measured run: a workload against a target in one round.
 *
 * @param result what the load tool reported; null when the run failed
 * @param cpuMicrosPerRequest the target's CPU time (user + system, all its processes) per
 *     completed request; NaN when unknown
 * @param peakRssMiB the target's peak resident memory during the run; NaN when unknown
 * @param startRssMiB its resident memory when the run started; NaN when unknown
 * @param otherLoad what other work took from the machine meanwhile; null when not measured
 * @param failure why the run produced no figures, or null
 */
public record RunRecord(int round, String workload, String target, ToolResult result, long cpuTicks,
        double cpuMicrosPerRequest, double peakRssMiB, double startRssMiB, OtherLoad.Share otherLoad, String failure) {

    /** A run that produced no figures. */
    public static RunRecord failed(int round, String workload, String target, String why) {
        return new RunRecord(round, workload, target, null, 0, Double.NaN, Double.NaN, Double.NaN, null, why);
    }

    /** A measured run; CPU per request is derived from {@code usage} and the completed requests. */
    public static RunRecord measured(int round, String workload, String target, ToolResult result,
            ResourceUsage usage, long ticksPerSecond, OtherLoad.Share otherLoad) {
        double cpuMicros = usage.cpuTicks() * 1e6 / ticksPerSecond;
        double perRequest = result.requests() > 0 ? cpuMicros / result.requests() : Double.NaN;
        return new RunRecord(round, workload, target, result, usage.cpuTicks(), perRequest,
                usage.peakRssKiB() / 1024.0, usage.startRssKiB() / 1024.0, otherLoad, null);
    }

    /** Whether the run produced figures. */
    public boolean ok() {
        return failure == null;
    }
}
