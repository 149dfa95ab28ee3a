package io.jpraxis.bench.load;

/**
 * A server's resource use over one run.
 *
 * @param cpuTicks utime + stime spent in the measured part of the run, in clock ticks
 * @param peakRssKiB the highest summed VmRSS seen by the 100 ms sampler
 */
public record ResourceUsage(long cpuTicks, long peakRssKiB) {
}
