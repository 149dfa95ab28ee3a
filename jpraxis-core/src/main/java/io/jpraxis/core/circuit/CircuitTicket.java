package io.jpraxis.core.circuit;

/** What a {@link CircuitBreaker} said to one request; the request hands it back with the outcome. */
public sealed interface CircuitTicket {
    /** The shared refusal. */
    CircuitTicket REFUSED = new Refused();

    /** The circuit is open (or its probe is out): the request does not go. */
    record Refused() implements CircuitTicket {
    }

    /**
     * Admitted while closed; the outcome counts only while the circuit is still in the closed spell
     * it was admitted in ({@code epoch}), so a straggler from before an opening cannot sway the next one.
     */
    record Counted(long epoch) implements CircuitTicket {
    }

    /** The one probe of a half-open circuit; {@code id} tells it from a probe that timed out. */
    record Probe(long id) implements CircuitTicket {
    }
}
