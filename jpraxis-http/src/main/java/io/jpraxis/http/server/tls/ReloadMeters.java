package io.jpraxis.http.server.tls;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.security.cert.X509Certificate;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One watched listener's meters: {@code jpraxis_tls_certificate_reloads_total{listener,outcome}}
 * and {@code jpraxis_tls_certificate_expiry_seconds{listener}}, the served leaf's {@code notAfter}
 * in seconds since the epoch (see docs/behaviour/certificate-reload.md#observing-reloads).
 */
final class ReloadMeters {
    private final MeterRegistry registry;
    private final Counter successes;
    private final Counter failures;
    /** Seconds since the epoch; {@link Long#MIN_VALUE} until a certificate is known. */
    private final AtomicLong notAfter = new AtomicLong(Long.MIN_VALUE);
    private final Gauge expiry;

    ReloadMeters(MeterRegistry registry, String listener) {
        this.registry = registry;
        this.successes = reloads(listener, "success");
        this.failures = reloads(listener, "failure");
        this.expiry = Gauge.builder("jpraxis.tls.certificate_expiry", notAfter, ReloadMeters::seconds)
                .description("When the certificate the listener serves expires, in seconds since the epoch")
                .baseUnit("seconds").tag("listener", listener).strongReference(true).register(registry);
    }

    private Counter reloads(String listener, String outcome) {
        return Counter.builder("jpraxis.tls.certificate_reloads")
                .description("Certificate reloads after file changes, by outcome")
                .tag("listener", listener).tag("outcome", outcome).register(registry);
    }

    private static double seconds(AtomicLong notAfter) {
        long value = notAfter.get();
        return value == Long.MIN_VALUE ? Double.NaN : value;
    }

    void served(X509Certificate leaf) {
        notAfter.set(leaf.getNotAfter().toInstant().getEpochSecond());
    }

    void success() {
        successes.increment();
    }

    void failure() {
        failures.increment();
    }

    /** Removes the expiry gauge, which would otherwise report a listener no longer watched. */
    void remove() {
        registry.remove(expiry);
    }
}
