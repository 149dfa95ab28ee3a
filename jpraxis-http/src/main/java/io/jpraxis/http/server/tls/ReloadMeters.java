package io.jpraxis.http.server.tls;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * One watched listener's reload counters, {@code jpraxis_tls_certificate_reloads_total{listener,outcome}}
 * (see docs/behaviour/certificate-reload.md#observing-reloads). The expiry gauge belongs to every
 * TLS listener, watched or not: {@link TlsMetrics}.
 */
final class ReloadMeters {
    private final MeterRegistry registry;
    private final Counter successes;
    private final Counter failures;

    ReloadMeters(MeterRegistry registry, String listener) {
        this.registry = registry;
        this.successes = reloads(listener, "success");
        this.failures = reloads(listener, "failure");
    }

    private Counter reloads(String listener, String outcome) {
        return Counter.builder("jpraxis.tls.certificate_reloads")
                .description("Certificate reloads after file changes, by outcome")
                .tag("listener", listener).tag("outcome", outcome).register(registry);
    }

    void success() {
        successes.increment();
    }

    void failure() {
        failures.increment();
    }
}
