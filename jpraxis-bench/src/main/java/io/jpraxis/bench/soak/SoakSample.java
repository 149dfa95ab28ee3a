package io.jpraxis.bench.soak;

/**
 * One look at the jpraxis process during the soak; a figure that could not be read is -1.
 *
 * @param seconds since the load started
 * @param heapAfterGcKiB heap in use right after a full collection this sample forced
 * @param metaspaceKiB class metadata in use (a reload that leaked classes would grow it)
 * @param poolIdle upstream connections parked in the keep-alive pools
 * @param exchangesActive proxied exchanges in progress, each holding an upstream connection or
 *     HTTP/2 stream
 * @param reloadsApplied {@code jpraxis_config_reloads_total{outcome="applied"}} so far
 * @param generationsOpen config generations not closed yet (1 once replaced ones have drained)
 */
public record SoakSample(double seconds, long rssKiB, long heapAfterGcKiB, long metaspaceKiB, long openFds,
        long threads, long poolIdle, long exchangesActive, long reloadsApplied, long generationsOpen) {

    /** Upstream connections held: idle in the pools plus in use; -1 when the gauges were not read. */
    public long upstreamConnections() {
        return poolIdle < 0 || exchangesActive < 0 ? -1 : poolIdle + exchangesActive;
    }
}
