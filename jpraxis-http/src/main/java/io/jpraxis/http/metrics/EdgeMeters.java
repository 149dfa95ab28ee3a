package io.jpraxis.http.metrics;

import io.jpraxis.core.generation.GenerationSlot;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;

/**
 * Exposes the edge's own state to Micrometer: every {@link EdgeMetrics} counter as a function
 * counter ({@code jpraxis_edge_<name>_total}), the upstream pool gauges, the connection reuse
 * ratio, each listener's failed exchange-end hooks and its WebSocket tunnels (open now, opened).
 * Read at scrape time, so nothing is added to the request path.
 */
public final class EdgeMeters implements MeterBinder {
    private final EdgeMetrics metrics;
    private final IntSupplier idlePooledConnections;
    private final GenerationSlot generations;
    private final List<String> listeners;

    /**
     * @param idlePooledConnections upstream connections parked in the keep-alive pools, summed over
     *     event loops; must be safe to call from any thread
     * @param generations the serving config generations, whose pipelines count failed hooks
     * @param listeners the bound listeners, one counter each
     */
    public EdgeMeters(EdgeMetrics metrics, IntSupplier idlePooledConnections, GenerationSlot generations,
            List<String> listeners) {
        this.metrics = metrics;
        this.idlePooledConnections = idlePooledConnections;
        this.generations = generations;
        this.listeners = List.copyOf(listeners);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        metrics.counters().forEach((name, adder) -> FunctionCounter.builder("jpraxis.edge." + name, adder, LongAdder::sum)
                .description("HTTP edge counter " + name)
                .register(registry));
        Gauge.builder("jpraxis.upstream.pool.idle", idlePooledConnections, s -> s.getAsInt())
                .strongReference(true) // the supplier is often a lambda nothing else holds
                .description("Idle upstream connections kept for reuse")
                .register(registry);
        Gauge.builder("jpraxis.upstream.exchanges.active", metrics, EdgeMetrics::activeUpstreamExchanges)
                .description("Proxied exchanges in progress (connecting, relaying)")
                .register(registry);
        Gauge.builder("jpraxis.upstream.connection.reuse.ratio", metrics, EdgeMeters::reuseRatio)
                .description("Upstream exchanges on a pooled connection / all upstream connection acquisitions")
                .register(registry);
        for (String listener : listeners) {
            TunnelCounts tunnels = metrics.tunnels(listener);
            Gauge.builder("jpraxis.tunnels.active", tunnels, TunnelCounts::active)
                    .description("WebSocket tunnels open now")
                    .tag("listener", listener)
                    .register(registry);
            FunctionCounter.builder("jpraxis.tunnels", tunnels, TunnelCounts::total)
                    .description("WebSocket tunnels opened (a 101 relayed to the client)")
                    .tag("listener", listener)
                    .register(registry);
            // Summed over every config generation, so a reload never makes the counter go back.
            FunctionCounter.builder("jpraxis.filter.log.failures", generations, g -> g.logHookFailures(listener))
                    .description("Filter exchange-end hooks that threw (each is also logged)")
                    .tag("listener", listener)
                    .register(registry);
        }
    }

    /** Reuses over all acquisitions; 0 before the first one (no connection yet is no reuse). */
    static double reuseRatio(EdgeMetrics m) {
        double reuses = m.upstreamReuses();
        double total = reuses + m.upstreamConnects();
        return total == 0 ? 0 : reuses / total;
    }
}
