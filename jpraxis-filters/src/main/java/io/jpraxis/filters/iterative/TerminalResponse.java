package io.jpraxis.filters.iterative;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;

/**
 * The client's response built from the last step's (see
 * docs/behaviour/iterative-router.md#steps-and-transitions): status kept, {@code transfer-encoding}
 * dropped (the body is whole), {@code content-length} recomputed from the body, except that a HEAD
 * response keeps the length the origin announced (RFC 9110, 8.6: it is the length a GET would have
 * had) and 204 and 304 carry none (RFC 9110, 8.6 and 15.4.5).
 */
final class TerminalResponse {
    private TerminalResponse() {
    }

    static LocalResponse of(String method, LocalResponse step) {
        HeaderMap headers = step.headers().copy();
        headers.remove("transfer-encoding");
        int status = step.status();
        if (status == 204 || status == 304) {
            headers.remove("content-length");
        } else if (!"HEAD".equals(method)) {
            headers.set("content-length", Integer.toString(step.body().length));
        }
        // A step's error (a transport failure) stays one of the gateway's errors, so the client's
        // error shape still applies to it (see docs/behaviour/request-lifecycle.md#error-bodies).
        return new LocalResponse(status, headers, "HEAD".equals(method) ? new byte[0] : step.body(),
                step.errorReason());
    }

    /**
     * The headers of a streamed answer (see docs/behaviour/iterative-router.md#streamed-answers):
     * {@code transfer-encoding} dropped (the edge frames the body), a declared {@code content-length}
     * kept (the body relayed is that long, or the stream is cut); none is added.
     */
    static HeaderMap streamedHeaders(HeaderMap step) {
        HeaderMap headers = step.copy();
        headers.remove("transfer-encoding");
        return headers;
    }
}
