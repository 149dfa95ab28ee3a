package io.jpraxis.filters.traffic.circuitbreaker;

/** What a {@link Breaker} said to one request; the request hands it back with the outcome. */
sealed interface Ticket {
    /** The shared refusal. */
    Ticket REFUSED = new Refused();

    /** The circuit is open (or its probe is out): the request is answered 503. */
    record Refused() implements Ticket {
    }

    /**
     * Admitted while closed; the outcome counts only while the circuit is still in the closed spell
     * it was admitted in ({@code epoch}), so a straggler from before an opening cannot sway the next one.
     */
    record Counted(long epoch) implements Ticket {
    }

    /** The one probe of a half-open circuit; {@code id} tells it from a probe that timed out. */
    record Probe(long id) implements Ticket {
    }
}
