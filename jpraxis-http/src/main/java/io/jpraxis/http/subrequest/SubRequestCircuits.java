package io.jpraxis.http.subrequest;

import io.jpraxis.config.model.SubRequestSettings.SubRequestCircuitBreaker;
import io.jpraxis.core.circuit.CircuitBreaker;
import io.jpraxis.core.circuit.CircuitPolicy;
import io.jpraxis.core.circuit.CircuitTicket;
import io.jpraxis.core.circuit.CircuitVerdict;
import io.jpraxis.core.subrequest.SubResponse;
import io.jpraxis.core.subrequest.SubStream;
import io.jpraxis.core.upstream.UpstreamTarget;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * {@code runtime.subrequest_circuit_breaker}: one circuit per sub-request endpoint (scheme, host and
 * port), shared by every event loop and kept across reloads (see
 * docs/behaviour/iterative-router.md#the-sub-request-circuit-breaker). Only transport failures count
 * (connect, I/O, deadline): an origin's 5xx is an answer, which a step's {@code on_result} can match.
 * A circuit that is closed and has not been used for {@link #IDLE_NANOS} is forgotten, so the table
 * stays as small as the set of endpoints in use.
 */
public final class SubRequestCircuits {
    static final long IDLE_NANOS = 600L * 1_000_000_000L;
    static final long SWEEP_EVERY_NANOS = 300L * 1_000_000_000L;

    private final SubRequestCircuitBreaker config;
    private final LongSupplier nanoClock;
    private final ConcurrentMap<String, Circuit> circuits = new ConcurrentHashMap<>();
    private final AtomicLong lastSweep;

    /** A circuit with when it was last asked. */
    private static final class Circuit {
        final CircuitBreaker breaker;
        volatile long lastUsed;

        Circuit(CircuitBreaker breaker, long now) {
            this.breaker = breaker;
            this.lastUsed = now;
        }
    }

    /** What {@link #admit} said: go with the ticket to settle, or refused. */
    public record Admission(String peer, CircuitTicket ticket) {
        public boolean refused() {
            return ticket instanceof CircuitTicket.Refused;
        }
    }

    public SubRequestCircuits(SubRequestCircuitBreaker config) {
        this(config, System::nanoTime);
    }

    SubRequestCircuits(SubRequestCircuitBreaker config, LongSupplier nanoClock) {
        this.config = config;
        this.nanoClock = nanoClock;
        this.lastSweep = new AtomicLong(nanoClock.getAsLong());
    }

    /** Asks the circuit of {@code target}'s endpoint whether a sub-request may go. */
    public Admission admit(UpstreamTarget target) {
        long now = nanoClock.getAsLong();
        sweepIfDue(now);
        String peer = peer(target);
        Circuit circuit = circuits.computeIfAbsent(peer, p -> new Circuit(new CircuitBreaker(new CircuitPolicy(
                "sub-request endpoint " + p, config.consecutiveFailures(), config.recoveryWindowSecs(),
                config.halfOpenTimeoutSecs())), now));
        circuit.lastUsed = now;
        return new Admission(peer, circuit.breaker.admit(now));
    }

    /** Records how the admitted sub-request ended. */
    public void settle(Admission admission, SubResponse response) {
        Circuit circuit = circuits.get(admission.peer());
        if (circuit != null) {
            circuit.breaker.settle(admission.ticket(), verdict(response), nanoClock.getAsLong());
        }
    }

    /** Settles a streamed sub-request by how it began: a head is an answer, a success. */
    public void settleStreamed(Admission admission, SubStream opened) {
        settle(admission, switch (opened) {
            case SubStream.Opened o -> new SubResponse.Received(o.status(), o.headers(), new byte[0]);
            case SubResponse.Failed f -> f;
        });
    }

    static CircuitVerdict verdict(SubResponse response) {
        return switch (response) {
            case SubResponse.Received received -> CircuitVerdict.SUCCESS;
            case SubResponse.Failed failed -> switch (failed.kind()) {
                case CONNECT, IO, DEADLINE_EXCEEDED -> CircuitVerdict.FAILURE;
                // The origin answered (too much), or the sub-request never left the gateway.
                case RESPONSE_TOO_LARGE, ADMISSION_TIMEOUT, CIRCUIT_OPEN -> CircuitVerdict.NONE;
            };
        };
    }

    /** Endpoints with a circuit now (tests, metrics). */
    int size() {
        return circuits.size();
    }

    private static String peer(UpstreamTarget target) {
        return (target.cluster().tls() != null ? "https://" : "http://") + target.endpoint().address();
    }

    private void sweepIfDue(long now) {
        long last = lastSweep.get();
        if (now - last < SWEEP_EVERY_NANOS || !lastSweep.compareAndSet(last, now)) {
            return;
        }
        circuits.values().removeIf(c -> now - c.lastUsed > IDLE_NANOS
                && c.breaker.state() == CircuitBreaker.State.CLOSED);
    }
}
