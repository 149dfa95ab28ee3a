package io.jpraxis.core.filter;

import io.jpraxis.core.http.LocalResponse;

/**
 * What a filter hook decided. Handled with an exhaustive {@code switch}, so a new variant breaks
 * every site that must handle it. {@link Release} and {@link BodyDone} mean something only to body
 * hooks (see docs/behaviour/body-access.md#access-and-delivery-modes); from a request or response
 * hook they count as {@link Continue}.
 */
public sealed interface FilterAction permits FilterAction.Continue, FilterAction.Release, FilterAction.BodyDone,
        FilterAction.Respond, FilterAction.Reject, FilterAction.Fail {

    /** The shared "go on" value. */
    Continue CONTINUE = new Continue();
    /** The shared {@link Release} value. */
    Release RELEASE = new Release();
    /** The shared {@link BodyDone} value. */
    BodyDone BODY_DONE = new BodyDone();

    /** Go on with the next filter (a buffering body hook: keep withholding the bytes). */
    record Continue() implements FilterAction {
    }

    /** Body hook: send what is withheld now, and stream the rest of the body. */
    record Release() implements FilterAction {
    }

    /** Body hook: this filter has seen enough; it is not called for the rest of this body. */
    record BodyDone() implements FilterAction {
    }

    /** Answer the client with this response; no upstream is contacted (static_response, redirect). */
    record Respond(LocalResponse response) implements FilterAction {
    }

    /**
     * Refuse the request with {@code status} and a JSON error naming {@code reason} (no internals).
     * From a response body hook, whose head is already on its way, it aborts the response.
     */
    record Reject(int status, String reason) implements FilterAction {
    }

    /**
     * The filter itself failed (not a decision about the request). {@code failure_mode} decides:
     * closed answers {@code status} (500 unless the filter names a more precise one, such as a
     * callout's 504), open logs a warning and continues. {@code detail} is logged, never sent.
     */
    record Fail(String detail, int status) implements FilterAction {

        /** A failure answered with 500 when closed. */
        public Fail(String detail) {
            this(detail, 500);
        }
    }

    static FilterAction fail(String detail) {
        return new Fail(detail);
    }

    static FilterAction reject(int status, String reason) {
        return new Reject(status, reason);
    }
}
