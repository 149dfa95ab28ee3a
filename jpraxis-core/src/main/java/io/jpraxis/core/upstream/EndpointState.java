package io.jpraxis.core.upstream;

import io.jpraxis.config.model.HealthCheckConfig;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * The live state of one endpoint of one cluster: its health and the requests in flight to it.
 * Shared by every event loop and by the health checker, so every field is atomic or volatile.
 *
 * <p>Health follows the documented rules (see docs/behaviour/clusters.md#health-checks): an
 * endpoint starts healthy; {@code unhealthy_threshold} consecutive failed probes eject it and
 * {@code healthy_threshold} consecutive good probes restore it. Passive counting (failed requests)
 * works the same way with the {@code passive_*} thresholds, when set. Every change of health starts
 * both runs afresh, so each threshold counts results seen since the change: an endpoint ejected by
 * failed requests needs {@code healthy_threshold} new good probes (not the streak it had before),
 * and a restored one needs a full run of failures to go again.
 *
 * <p>It also keeps when its slow-start ramp began (see docs/behaviour/clusters.md#slow-start): each
 * return to healthy stamps the time, and a reload stamps an endpoint it adds; balancers of a
 * cluster with {@code slow_start} read it, others ignore it.
 */
public final class EndpointState {
    private final Endpoint endpoint;
    private final HealthCheckConfig healthCheck;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final ConsecutiveCounter probes = new ConsecutiveCounter();
    private final ConsecutiveCounter requests = new ConsecutiveCounter();
    /** Flipped only by compare-and-set, so each change of health is reported exactly once. */
    private final AtomicBoolean healthy = new AtomicBoolean(true);
    private final LongSupplier ticker;
    /** {@link #NOT_RAMPING}, or the {@link #ticker} reading when the ramp began. */
    private volatile long rampStartNanos = NOT_RAMPING;

    /** The {@link #rampStartNanos()} of an endpoint that never started a ramp. */
    public static final long NOT_RAMPING = Long.MIN_VALUE;

    /** @param healthCheck the cluster's health check; null when it has none (always healthy) */
    public EndpointState(Endpoint endpoint, HealthCheckConfig healthCheck) {
        this(endpoint, healthCheck, System::nanoTime);
    }

    /** @param ticker monotonic nanoseconds, stamped on each return to healthy (a test clock in tests) */
    public EndpointState(Endpoint endpoint, HealthCheckConfig healthCheck, LongSupplier ticker) {
        this.endpoint = endpoint;
        this.healthCheck = healthCheck;
        this.ticker = ticker;
    }

    /** When this endpoint's slow-start ramp began ({@code ticker} nanoseconds), or {@link #NOT_RAMPING}. */
    public long rampStartNanos() {
        return rampStartNanos;
    }

    /** Starts (or carries over) the ramp at {@code nanos}: a reload added the endpoint or kept it mid-ramp. */
    void startRamp(long nanos) {
        rampStartNanos = nanos;
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    public boolean healthy() {
        return healthy.get();
    }

    /** Requests currently dispatched to this endpoint and not yet finished. */
    public int inFlight() {
        return inFlight.get();
    }

    /** Counts a request dispatched to this endpoint; pair with {@link #release()}. */
    public void acquire() {
        inFlight.incrementAndGet();
    }

    /** Counts a dispatched request as finished, however it ended. */
    public void release() {
        inFlight.decrementAndGet();
    }

    /**
     * Starts this endpoint out of rotation because the previous generation of its cluster had
     * ejected it (reload carry-over); probes or requests must restore it as usual.
     */
    void inheritEjection() {
        if (healthCheck != null) {
            healthy.set(false);
        }
    }

    /**
     * Records an active probe result.
     *
     * @return true when this result changed the endpoint's health
     */
    public boolean recordProbe(boolean success) {
        if (healthCheck == null) {
            return false;
        }
        return apply(probes.record(success), healthCheck.healthyThreshold(), healthCheck.unhealthyThreshold());
    }

    /**
     * Records how a proxied request ended: a connect failure or a 5xx is a failure (see
     * docs/behaviour/clusters.md#health-checks). Does nothing unless the cluster sets passive
     * thresholds.
     *
     * @return true when this result changed the endpoint's health
     */
    public boolean recordRequest(boolean success) {
        if (healthCheck == null || healthCheck.passiveUnhealthyThreshold() == null) {
            return false;
        }
        int restore = healthCheck.passiveHealthyThreshold() == null
                ? Integer.MAX_VALUE : healthCheck.passiveHealthyThreshold();
        return apply(requests.record(success), restore, healthCheck.passiveUnhealthyThreshold());
    }

    private boolean apply(int streak, int healthyThreshold, int unhealthyThreshold) {
        boolean target;
        if (streak > 0 && streak >= healthyThreshold) {
            target = true;
        } else if (streak < 0 && -streak >= unhealthyThreshold) {
            target = false;
        } else {
            return false;
        }
        if (target && !healthy.get()) {
            // Stamped before the flip, so a balancer that sees the endpoint healthy sees its ramp too.
            rampStartNanos = ticker.getAsLong();
        }
        // The probe loop and every event loop record here at once: only the winner of the flip reports it.
        if (!healthy.compareAndSet(!target, target)) {
            return false;
        }
        probes.reset();
        requests.reset();
        return true;
    }

    @Override
    public String toString() {
        return endpoint.address() + (healthy.get() ? " healthy" : " unhealthy") + ", in flight " + inFlight.get();
    }

    /** A signed run length: positive for consecutive successes, negative for consecutive failures. */
    private static final class ConsecutiveCounter {
        private final AtomicInteger streak = new AtomicInteger();

        int record(boolean success) {
            return streak.updateAndGet(s -> success
                    ? (s > 0 ? saturatedIncrement(s) : 1)
                    : (s < 0 ? -saturatedIncrement(-s) : -1));
        }

        void reset() {
            streak.set(0);
        }

        private static int saturatedIncrement(int n) {
            return n == Integer.MAX_VALUE ? n : n + 1;
        }
    }
}
