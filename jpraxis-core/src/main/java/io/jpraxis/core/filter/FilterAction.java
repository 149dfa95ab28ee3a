package io.jpraxis.core.filter;

import io.jpraxis.core.http.LocalResponse;

/**
 * What a filter hook decided. Handled with an exhaustive {@code switch}, so a new variant breaks
 * every site that must handle it.
 */
public sealed interface FilterAction permits FilterAction.Continue, FilterAction.Respond, FilterAction.Reject,
        FilterAction.Fail {

    /** The shared "go on" value. */
    Continue CONTINUE = new Continue();

    /** Go on with the next filter. */
    record Continue() implements FilterAction {
    }

    /** Answer the client with this response; no upstream is contacted (static_response, redirect). */
    record Respond(LocalResponse response) implements FilterAction {
    }

    /** Refuse the request with {@code status} and a JSON error naming {@code reason} (no internals). */
    record Reject(int status, String reason) implements FilterAction {
    }

    /**
     * The filter itself failed (not a decision about the request). {@code failure_mode} decides:
     * closed answers 500, open logs a warning and continues. {@code detail} is logged, never sent.
     */
    record Fail(String detail) implements FilterAction {
    }

    static FilterAction fail(String detail) {
        return new Fail(detail);
    }

    static FilterAction reject(int status, String reason) {
        return new Reject(status, reason);
    }
}
