package io.jpraxis.filters.iterative;

import io.jpraxis.core.subrequest.TransportError;
import java.util.List;

/**
 * One {@code on_result} rule (see docs/behaviour/iterative-router.md#steps-and-transitions): its
 * predicates, ANDed, and what follows when it matches. A {@code default} rule matches anything.
 *
 * @param status the statuses it matches, or empty for any
 * @param origin where the step's response came from, or null for any
 * @param transportError the transport failure kind, or null for any
 * @param result the step filter result it needs, or null
 */
public record TransitionRule(boolean isDefault, List<Integer> status, Origin origin, TransportError transportError,
        ResultKey result, Then then) {

    public TransitionRule {
        status = List.copyOf(status);
    }

    /** Where a step's response came from. */
    public enum Origin {
        /** A real upstream response. */
        UPSTREAM,
        /** A step filter answered or refused (no sub-request was sent). */
        LOCAL,
        /** The sub-request failed: no response (502, or 504 for its deadline). */
        TRANSPORT
    }

    /** A step filter's result, matched exactly: {@code filter}/{@code key}/{@code value}. */
    public record ResultKey(String filter, String key, String value) {
    }

    /** What a matching rule does; "exactly one of" next or done. */
    public sealed interface Then permits Next, Done {
    }

    /** Run the named step next. */
    public record Next(String step) implements Then {
    }

    /** Return the current response to the client. */
    public record Done() implements Then {
    }
}
