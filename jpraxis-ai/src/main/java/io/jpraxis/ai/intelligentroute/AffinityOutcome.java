package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.Candidate;

/**
 * What session affinity says about a request before selection (see
 * docs/behaviour/intelligent-route.md#session-affinity).
 */
sealed interface AffinityOutcome {

    /** The request carries no session key: select afresh, bind nothing. */
    record NoKey() implements AffinityOutcome {
    }

    /** A key without a live binding: select afresh and bind the pick to {@code key}. */
    record Fresh(String key) implements AffinityOutcome {
    }

    /** The bound candidate still serves this capability: use it, admission rules aside. */
    record Reused(String key, Candidate candidate) implements AffinityOutcome {
    }

    /** The bound candidate is gone or excluded: select afresh and rebind. */
    record Failover(String key) implements AffinityOutcome {
    }

    NoKey NO_KEY = new NoKey();
}
