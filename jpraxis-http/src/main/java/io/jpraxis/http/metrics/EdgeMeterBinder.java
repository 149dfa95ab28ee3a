package io.jpraxis.http.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Exposes the {@link EdgeMetrics} counters in a Micrometer registry as function counters named
 * {@code jpraxis.edge.<counter>} (Prometheus: {@code jpraxis_edge_<counter>_total}), read at
 * scrape time so the hot path keeps its plain {@code LongAdder}s.
 */
public final class EdgeMeterBinder {
    private EdgeMeterBinder() {
    }

    /** Registers one function counter per edge counter; registering twice is harmless. */
    public static void bind(EdgeMetrics metrics, MeterRegistry registry) {
        for (String counter : metrics.snapshot().keySet()) {
            FunctionCounter.builder("jpraxis.edge." + counter, metrics, m -> m.snapshot().getOrDefault(counter, 0L))
                    .description("HTTP edge counter " + counter)
                    .register(registry);
        }
    }
}
