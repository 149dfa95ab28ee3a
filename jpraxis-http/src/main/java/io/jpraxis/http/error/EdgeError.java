package io.jpraxis.http.error;

/**
 * Errors the HTTP edge answers itself, before or around the pipeline (spec 4.5). Reasons are safe
 * to show a client (decision 5).
 */
public enum EdgeError {
    MALFORMED_REQUEST(400, "malformed request"),
    HEADER_BLOCK_TOO_LARGE(400, "request header block too large"),
    TOO_MANY_HEADERS(400, "too many request headers"),
    MISSING_HOST(400, "missing or repeated Host header"),
    INVALID_HOST(400, "invalid Host header"),
    BAD_REQUEST_TARGET(400, "invalid request target"),
    MALFORMED_BODY(400, "malformed request body"),
    METHOD_NOT_SUPPORTED(405, "method not supported"),
    REQUEST_HEAD_TIMEOUT(408, "request head read timed out"),
    REQUEST_BODY_TIMEOUT(408, "request body read timed out"),
    EXPECTATION_FAILED(417, "unsupported expectation"),
    REQUEST_BODY_TOO_LARGE(413, "request body too large"),
    INTERNAL(500, "internal error"),
    UNSUPPORTED_TRANSFER_CODING(501, "unsupported transfer coding"),
    OVER_CAPACITY(503, "too many connections"),
    /** The chosen cluster has {@code max_connections} requests in flight (spec 1.5, 4.5). */
    CLUSTER_AT_CAPACITY(503, "upstream cluster at capacity"),
    /** The request deadline a {@code timeout} filter set passed with no response head (spec 4.5). */
    DEADLINE_EXCEEDED(504, "request timed out");

    private final int status;
    private final String reason;

    EdgeError(int status, String reason) {
        this.status = status;
        this.reason = reason;
    }

    public int status() {
        return status;
    }

    public String reason() {
        return reason;
    }
}
