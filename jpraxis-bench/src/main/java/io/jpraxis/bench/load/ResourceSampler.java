package io.jpraxis.bench.load;

import java.time.Duration;
import java.util.List;

/**
 * Samples a server's resident memory every 100 ms while a run lasts, and its CPU time at the
 * start of the measured part and at the end. The pid list is taken once per run: the servers
 * here keep their processes for their whole life.
 */
public final class ResourceSampler {
    private static final long INTERVAL_MILLIS = 100;

    private final List<Long> pids;
    private final long baselineDelayNanos;
    private final long startNanos;
    private final Thread thread;
    private volatile boolean stopped;
    private volatile long baselineTicks;
    private volatile boolean baselineTaken;
    private volatile long peakRssKiB;
    private final long startRssKiB;

    private ResourceSampler(List<Long> pids, Duration baselineDelay) {
        this.pids = List.copyOf(pids);
        this.baselineDelayNanos = baselineDelay.toNanos();
        this.startNanos = System.nanoTime();
        this.baselineTicks = ProcessGroup.cpuTicks(this.pids);
        this.baselineTaken = baselineDelay.isZero();
        this.startRssKiB = ProcessGroup.rssKiB(this.pids);
        this.peakRssKiB = startRssKiB;
        this.thread = Thread.ofPlatform().daemon().name("rss-sampler").unstarted(this::loop);
    }

    /**
     * Starts sampling {@code pids}. The CPU baseline is taken after {@code baselineDelay}, when
     * the tool's own warm-up (not counted in its requests) is over.
     */
    public static ResourceSampler start(List<Long> pids, Duration baselineDelay) {
        ResourceSampler sampler = new ResourceSampler(pids, baselineDelay);
        sampler.thread.start();
        return sampler;
    }

    /** Stops sampling and returns the CPU ticks since the baseline and the peak memory. */
    public ResourceUsage finish() throws InterruptedException {
        stopped = true;
        thread.interrupt();
        thread.join();
        long end = ProcessGroup.cpuTicks(pids);
        peakRssKiB = Math.max(peakRssKiB, ProcessGroup.rssKiB(pids));
        return new ResourceUsage(end - baselineTicks, peakRssKiB, startRssKiB);
    }

    private void loop() {
        while (!stopped) {
            try {
                Thread.sleep(INTERVAL_MILLIS);
            } catch (InterruptedException e) {
                return; // finish() takes the last samples itself
            }
            peakRssKiB = Math.max(peakRssKiB, ProcessGroup.rssKiB(pids));
            if (!baselineTaken && System.nanoTime() - startNanos >= baselineDelayNanos) {
                baselineTicks = ProcessGroup.cpuTicks(pids);
                baselineTaken = true;
            }
        }
    }
}
