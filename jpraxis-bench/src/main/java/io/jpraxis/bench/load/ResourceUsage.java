package io.jpraxis.bench.load;

/**
 * A server's resource use over one run.
 *
 * @param cpuTicks utime + stime spent in the measured part of the run, in clock ticks
 * @param peakRssKiB the highest summed VmRSS seen by the 100 ms sampler
 * @param startRssKiB the summed VmRSS when the run started: a JVM gives back heap it has grown only
 *     now and then, so its peak partly carries over from earlier runs; growth shows against this
 */
public record ResourceUsage(long cpuTicks, long peakRssKiB, long startRssKiB) {
}
