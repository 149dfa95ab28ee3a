package io.jpraxis.bench.soak;

import io.jpraxis.bench.load.ProcFs;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Takes one {@link SoakSample} of the jpraxis JVM: resident memory, threads and open file
 * descriptors from {@code /proc}, the pool and reload gauges from {@code /metrics}, then the heap
 * after a forced full collection (last, so its pause does not show in the other figures).
 */
public final class Sampler {
    private final long pid;
    private final AdminClient admin;
    private final HeapProbe heap;

    /** Samples of process {@code pid}, whose admin socket {@code admin} reads. */
    public Sampler(long pid, AdminClient admin, HeapProbe heap) {
        this.pid = pid;
        this.admin = admin;
        this.heap = heap;
    }

    /** A sample labelled {@code seconds} since the load started. */
    public SoakSample take(double seconds) {
        long rss = ProcFs.readRssKiB(pid).orElse(-1);
        long threads = ProcFs.readThreads(pid).orElse(-1);
        long fds = ProcFs.readOpenFds(pid).orElse(-1);
        Optional<String> metrics = admin.metrics();
        HeapProbe.Heap h = heap.afterGc(pid);
        return new SoakSample(seconds, rss, h.usedKiB(), h.metaspaceKiB(), fds, threads,
                gauge(metrics, "jpraxis_upstream_pool_idle", Map.of()),
                gauge(metrics, "jpraxis_upstream_exchanges_active", Map.of()),
                gauge(metrics, Reloader.RELOADS, Reloader.APPLIED_LABELS),
                gauge(metrics, "jpraxis_config_generations_open", Map.of()));
    }

    private static long gauge(Optional<String> metrics, String name, Map<String, String> labels) {
        OptionalDouble v = metrics.map(text -> PrometheusText.sum(text, name, labels)).orElse(OptionalDouble.empty());
        return v.isPresent() ? Math.round(v.getAsDouble()) : -1;
    }
}
