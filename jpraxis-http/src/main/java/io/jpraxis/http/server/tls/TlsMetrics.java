package io.jpraxis.http.server.tls;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * TLS handshake counters by listener and outcome, and the engine each listener runs on (see
 * docs/behaviour/tls-connections.md#metrics): {@code jpraxis_tls_handshakes_total{listener,outcome}}
 * and {@code jpraxis_tls_engine{listener,engine}} (1 for the engine in use).
 */
public final class TlsMetrics {
    private final MeterRegistry registry;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    public TlsMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void handshake(String listener, HandshakeOutcome outcome) {
        counters.computeIfAbsent(listener + '\0' + outcome.label(), k -> Counter.builder("jpraxis.tls.handshakes")
                .description("TLS handshakes on a listener by outcome")
                .tag("listener", listener)
                .tag("outcome", outcome.label())
                .register(registry)).increment();
    }

    void engine(String listener, TlsEngine engine) {
        Gauge.builder("jpraxis.tls.engine", () -> 1)
                .description("The TLS engine a listener's handshakes run on")
                .tag("listener", listener)
                .tag("engine", engine.label())
                .register(registry);
    }

    /** Handshakes counted so far on {@code listener} with {@code outcome} (tests, admin). */
    public long handshakes(String listener, HandshakeOutcome outcome) {
        Counter counter = counters.get(listener + '\0' + outcome.label());
        return counter == null ? 0 : (long) counter.count();
    }
}
