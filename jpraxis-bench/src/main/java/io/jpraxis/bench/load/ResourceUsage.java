package io.jpraxis.bench.load;

/**
 * A server's resource use over one run.
 *
 * @param cpuTicks utime + stime spent in the measured part of the run, in clock ticks
 * @param peakRssKiB the highest summed VmRSS seen by the 100 ms sampler
 * @param startRssKiB the summed VmRSS when the run started: a JVM keeps the heap it has grown, so
 *     its peak is a high-water mark of the whole suite so far, and growth shows against this
 */
public record ResourceUsage(long cpuTicks, long peakRssKiB, long startRssKiB) {
}
