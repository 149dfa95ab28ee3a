package io.jpraxis.http.error;

import io.jpraxis.core.http.LocalResponse;

/**
 * Builds the edge's JSON error responses (see docs/behaviour/request-lifecycle.md#error-bodies) and
 * tags them with the request id.
 */
public final class ErrorResponses {
    /** Response header carrying the id of the request a local error answers. */
    public static final String REQUEST_ID_HEADER = "x-request-id";

    private ErrorResponses() {
    }

    /** Problem details of {@code reason} with {@code x-request-id}; a fresh instance the caller may mutate. */
    public static LocalResponse json(int status, String reason, String requestId) {
        LocalResponse response = LocalResponse.jsonError(status, reason);
        if (requestId != null) {
            response.headers().set(REQUEST_ID_HEADER, requestId);
        }
        return response;
    }

    public static LocalResponse of(EdgeError error, String requestId) {
        return json(error.status(), error.reason(), requestId);
    }
}
