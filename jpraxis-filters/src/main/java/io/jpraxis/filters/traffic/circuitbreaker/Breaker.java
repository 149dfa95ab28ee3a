package io.jpraxis.filters.traffic.circuitbreaker;

import io.jpraxis.filters.traffic.circuitbreaker.CircuitBreakerConfig.ClusterPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The breaker of one cluster (see docs/reference/filters/circuit_breaker.md#states): closed until
 * {@code consecutive_failures} failures in a row, then open for {@code recovery_window_secs}; the
 * first request after that is the one probe (half-open), whose success closes the circuit and whose
 * failure opens it again. A probe with no outcome after {@code half_open_timeout_secs} counts as a
 * failure from the moment it timed out, noticed by the next request, so no timer is needed.
 *
 * <p>Times are nanoseconds on the filter's clock. Each method is a handful of field updates under
 * the breaker's own lock, with no I/O, so event loops never wait on one another for long.
 */
final class Breaker {
    private static final Logger log = LoggerFactory.getLogger(Breaker.class);
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** Where the circuit is. */
    enum State {
        CLOSED,
        OPEN,
        HALF_OPEN
    }

    private final ClusterPolicy policy;
    private final long windowNanos;
    private final long halfOpenNanos;
    private State state = State.CLOSED;
    private long failures;
    /** When the current open spell began. */
    private long openedAt;
    /** The probe out now (0: none; the next request becomes one) and when it was admitted. */
    private long probe;
    private long probeAdmittedAt;
    private long lastProbe;
    /** Bumped each time the circuit closes: outcomes of requests from an earlier closed spell are dropped. */
    private long closedEpoch;
    /** For the gauge, read on a scrape thread. */
    private volatile boolean tripped;

    Breaker(ClusterPolicy policy) {
        this.policy = policy;
        this.windowNanos = policy.recoveryWindowSecs() * NANOS_PER_SECOND;
        this.halfOpenNanos = policy.halfOpenTimeoutSecs() * NANOS_PER_SECOND;
    }

    /** Lets a request through (counted, or as the probe) or refuses it. */
    synchronized Ticket admit(long now) {
        return switch (state) {
            case CLOSED -> new Ticket.Counted(closedEpoch);
            case OPEN -> now - openedAt < windowNanos ? Ticket.REFUSED : probe(now);
            case HALF_OPEN -> halfOpen(now);
        };
    }

    private Ticket halfOpen(long now) {
        if (probe != 0) {
            if (now - probeAdmittedAt < halfOpenNanos) {
                return Ticket.REFUSED; // one probe at a time
            }
            long timedOutAt = probeAdmittedAt + halfOpenNanos;
            log.info("circuit_breaker: probe to cluster {} had no outcome within {} s; circuit open again",
                    policy.name(), policy.halfOpenTimeoutSecs());
            open(timedOutAt);
            if (now - openedAt < windowNanos) {
                return Ticket.REFUSED;
            }
        }
        return probe(now);
    }

    private Ticket probe(long now) {
        state = State.HALF_OPEN;
        probe = ++lastProbe;
        probeAdmittedAt = now;
        log.debug("circuit_breaker: cluster {} half-open; probe {} admitted", policy.name(), probe);
        return new Ticket.Probe(probe);
    }

    /** Records what the request that holds {@code ticket} found; stale tickets change nothing. */
    synchronized void settle(Ticket ticket, Verdict verdict, long now) {
        switch (ticket) {
            case Ticket.Refused refused -> {
            }
            case Ticket.Counted counted -> {
                if (state == State.CLOSED && counted.epoch() == closedEpoch) {
                    counted(verdict, now);
                }
            }
            case Ticket.Probe p -> {
                if (state == State.HALF_OPEN && p.id() == probe) {
                    probed(verdict, now);
                }
            }
        }
    }

    private void counted(Verdict verdict, long now) {
        switch (verdict) {
            case SUCCESS -> failures = 0;
            case FAILURE -> {
                if (++failures >= policy.consecutiveFailures()) {
                    log.info("circuit_breaker: {} consecutive failures of cluster {}; circuit open for {} s",
                            failures, policy.name(), policy.recoveryWindowSecs());
                    open(now);
                }
            }
            case NONE -> {
            }
        }
    }

    private void probed(Verdict verdict, long now) {
        switch (verdict) {
            case SUCCESS -> {
                log.info("circuit_breaker: probe to cluster {} succeeded; circuit closed", policy.name());
                state = State.CLOSED;
                failures = 0;
                probe = 0;
                closedEpoch++;
                tripped = false;
            }
            case FAILURE -> {
                log.info("circuit_breaker: probe to cluster {} failed; circuit open for {} s", policy.name(),
                        policy.recoveryWindowSecs());
                open(now);
            }
            case NONE -> probe = 0; // it never reached the upstream: the next request probes instead
        }
    }

    private void open(long at) {
        state = State.OPEN;
        openedAt = at;
        probe = 0;
        tripped = true;
    }

    /** The state as of the last request (a lapsed window or probe is noticed by the next one). */
    synchronized State state() {
        return state;
    }

    /** Whether the circuit is open or half-open: what {@code praxis_circuit_breaker_open} shows. */
    boolean tripped() {
        return tripped;
    }

    ClusterPolicy policy() {
        return policy;
    }
}
