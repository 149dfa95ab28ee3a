package io.jpraxis.core.pipeline.execute;

import io.jpraxis.core.http.LocalResponse;

/** How the response phase ended. */
public sealed interface ResponseOutcome permits ResponseOutcome.Proceed, ResponseOutcome.Replace {

    Proceed PROCEED = new Proceed();

    /** Send the (possibly mutated) response head on. */
    record Proceed() implements ResponseOutcome {
    }

    /** A response filter refused the response: send this one instead (the upstream body is dropped). */
    record Replace(LocalResponse response) implements ResponseOutcome {
    }
}
