package io.jpraxis.core.circuit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One circuit (a cluster of the {@code circuit_breaker} filter, an endpoint of sub-requests; see
 * docs/reference/filters/circuit_breaker.md#states): closed until
 * {@code consecutive_failures} failures in a row, then open for {@code recovery_window_secs}; the
 * first request after that is the one probe (half-open), whose success closes the circuit and whose
 * failure opens it again. A probe with no outcome after {@code half_open_timeout_secs} counts as a
 * failure from the moment it timed out, noticed by the next request, so no timer is needed.
 *
 * <p>Times are nanoseconds on the owner's clock. Each method is a handful of field updates under
 * the breaker's own lock, with no I/O, so event loops never wait on one another for long.
 */
public final class CircuitBreaker {
    private static final Logger log = LoggerFactory.getLogger(CircuitBreaker.class);
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** Where the circuit is. */
    public enum State {
        CLOSED,
        OPEN,
        HALF_OPEN
    }

    private final CircuitPolicy policy;
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

    public CircuitBreaker(CircuitPolicy policy) {
        this.policy = policy;
        this.windowNanos = policy.recoveryWindowSecs() * NANOS_PER_SECOND;
        this.halfOpenNanos = policy.halfOpenTimeoutSecs() * NANOS_PER_SECOND;
    }

    /** Lets a request through (counted, or as the probe) or refuses it. */
    public synchronized CircuitTicket admit(long now) {
        return switch (state) {
            case CLOSED -> new CircuitTicket.Counted(closedEpoch);
            case OPEN -> now - openedAt < windowNanos ? CircuitTicket.REFUSED : probe(now);
            case HALF_OPEN -> halfOpen(now);
        };
    }

    private CircuitTicket halfOpen(long now) {
        if (probe != 0) {
            if (now - probeAdmittedAt < halfOpenNanos) {
                return CircuitTicket.REFUSED; // one probe at a time
            }
            long timedOutAt = probeAdmittedAt + halfOpenNanos;
            log.info("circuit breaker: probe to {} had no outcome within {} s; circuit open again",
                    policy.subject(), policy.halfOpenTimeoutSecs());
            open(timedOutAt);
            if (now - openedAt < windowNanos) {
                return CircuitTicket.REFUSED;
            }
        }
        return probe(now);
    }

    private CircuitTicket probe(long now) {
        state = State.HALF_OPEN;
        probe = ++lastProbe;
        probeAdmittedAt = now;
        log.debug("circuit breaker: {} half-open; probe {} admitted", policy.subject(), probe);
        return new CircuitTicket.Probe(probe);
    }

    /** Records what the request that holds {@code ticket} found; stale tickets change nothing. */
    public synchronized void settle(CircuitTicket ticket, CircuitVerdict verdict, long now) {
        switch (ticket) {
            case CircuitTicket.Refused refused -> {
            }
            case CircuitTicket.Counted counted -> {
                if (state == State.CLOSED && counted.epoch() == closedEpoch) {
                    counted(verdict, now);
                }
            }
            case CircuitTicket.Probe p -> {
                if (state == State.HALF_OPEN && p.id() == probe) {
                    probed(verdict, now);
                }
            }
        }
    }

    private void counted(CircuitVerdict verdict, long now) {
        switch (verdict) {
            case SUCCESS -> failures = 0;
            case FAILURE -> {
                if (++failures >= policy.consecutiveFailures()) {
                    log.info("circuit breaker: {} consecutive failures of {}; circuit open for {} s",
                            failures, policy.subject(), policy.recoveryWindowSecs());
                    open(now);
                }
            }
            case NONE -> {
            }
        }
    }

    private void probed(CircuitVerdict verdict, long now) {
        switch (verdict) {
            case SUCCESS -> {
                log.info("circuit breaker: probe to {} succeeded; circuit closed", policy.subject());
                state = State.CLOSED;
                failures = 0;
                probe = 0;
                closedEpoch++;
                tripped = false;
            }
            case FAILURE -> {
                log.info("circuit breaker: probe to {} failed; circuit open for {} s", policy.subject(),
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
    public synchronized State state() {
        return state;
    }

    /** Whether the circuit is open or half-open: what {@code praxis_circuit_breaker_open} shows. */
    public boolean tripped() {
        return tripped;
    }

    public CircuitPolicy policy() {
        return policy;
    }
}
