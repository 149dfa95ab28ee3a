package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.CandidateKind;

/**
 * What a request asks {@code intelligent_route} for (see
 * docs/behaviour/intelligent-route.md#lookup).
 */
sealed interface Lookup {

    /** Nothing to route: the request goes on without a pick. */
    record Skip() implements Lookup {
    }

    /** A malformed ask: answered 400 naming {@code reason}. */
    record Invalid(String reason) implements Lookup {
    }

    /** A capability to pick a candidate for; {@code name} is matched exactly, untrimmed. */
    record Found(CandidateKind kind, String name) implements Lookup {
    }

    Skip SKIP = new Skip();
}
