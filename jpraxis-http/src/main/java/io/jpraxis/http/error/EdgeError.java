package io.jpraxis.http.error;

/**
 * Errors the HTTP edge answers itself, before or around the pipeline (see
 * docs/behaviour/request-lifecycle.md#local-statuses). Reasons are safe to show a client (see
 * docs/behaviour/request-lifecycle.md#error-bodies).
 */
public enum EdgeError {
    MALFORMED_REQUEST(400, "malformed request"),
    /** RFC 6585 5: the client may retry with fewer or smaller fields. */
    HEADER_BLOCK_TOO_LARGE(431, "request header block too large"),
    TOO_MANY_HEADERS(431, "too many request headers"),
    /** A request line over the limit (RFC 9112 3: 414), or an HTTP/2 {@code :path} as long. */
    REQUEST_TARGET_TOO_LONG(414, "request target too long"),
    /**
     * A field name with {@code _}: origins that map headers to CGI-style variables fold {@code _}
     * and {@code -} together, so {@code X_Forwarded_For} could stand in for a header the gateway
     * controls or an ingress rule strips.
     */
    UNDERSCORE_IN_HEADER_NAME(400, "header name with an underscore"),
    MISSING_HOST(400, "missing or repeated Host header"),
    INVALID_HOST(400, "invalid Host header"),
    BAD_REQUEST_TARGET(400, "invalid request target"),
    MALFORMED_BODY(400, "malformed request body"),
    /** CONNECT (tunnels are not proxied) and TRACE (RFC 9110 9.3.8: it would echo credentials to a script). */
    METHOD_NOT_SUPPORTED(405, "method not supported"),
    REQUEST_HEAD_TIMEOUT(408, "request head read timed out"),
    REQUEST_BODY_TIMEOUT(408, "request body read timed out"),
    EXPECTATION_FAILED(417, "unsupported expectation"),
    REQUEST_BODY_TOO_LARGE(413, "request body too large"),
    INTERNAL(500, "internal error"),
    UNSUPPORTED_TRANSFER_CODING(501, "unsupported transfer coding"),
    OVER_CAPACITY(503, "too many connections"),
    /**
     * The chosen cluster has {@code max_connections} requests in flight (see
     * docs/behaviour/clusters.md#cluster-settings,
     * docs/behaviour/request-lifecycle.md#local-statuses).
     */
    CLUSTER_AT_CAPACITY(503, "upstream cluster at capacity"),
    /**
     * The request deadline a {@code timeout} filter set passed with no response head (see
     * docs/behaviour/request-lifecycle.md#local-statuses).
     */
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
