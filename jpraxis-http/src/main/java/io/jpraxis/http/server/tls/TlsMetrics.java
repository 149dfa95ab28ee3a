package io.jpraxis.http.server.tls;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * A TLS listener's meters (see docs/behaviour/tls-connections.md#metrics): handshakes by outcome
 * ({@code jpraxis_tls_handshakes_total{listener,outcome}}), the engine in use
 * ({@code jpraxis_tls_engine{listener,engine}}, 1) and the soonest {@code notAfter} of the
 * certificates it serves ({@code jpraxis_tls_certificate_expiry_seconds{listener}}, seconds since
 * the epoch).
 */
public final class TlsMetrics {
    private final MeterRegistry registry;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private final Map<String, AtomicReference<Supplier<Instant>>> expiries = new ConcurrentHashMap<>();

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

    /**
     * Reports {@code listener}'s expiry from {@code earliest}, read at each scrape; a listener built
     * again (a test, a restart in process) replaces the source rather than registering twice.
     */
    void expiry(String listener, Supplier<Instant> earliest) {
        expiries.computeIfAbsent(listener, name -> {
            AtomicReference<Supplier<Instant>> source = new AtomicReference<>();
            Gauge.builder("jpraxis.tls.certificate_expiry", source, TlsMetrics::epochSeconds)
                    .description("When the soonest-expiring certificate the listener serves expires, in seconds "
                            + "since the epoch")
                    .baseUnit("seconds").tag("listener", name).strongReference(true).register(registry);
            return source;
        }).set(earliest);
    }

    private static double epochSeconds(AtomicReference<Supplier<Instant>> source) {
        Supplier<Instant> earliest = source.get();
        return earliest == null ? Double.NaN : earliest.get().getEpochSecond();
    }

    /** Handshakes counted so far on {@code listener} with {@code outcome} (tests, admin). */
    public long handshakes(String listener, HandshakeOutcome outcome) {
        Counter counter = counters.get(listener + '\0' + outcome.label());
        return counter == null ? 0 : (long) counter.count();
    }
}
