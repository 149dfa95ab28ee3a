package io.jpraxis.core.subrequest;

/**
 * Why a sub-request produced no response; the names are the IRR's {@code transport_error} values
 * (see docs/behaviour/iterative-router.md#steps-and-transitions). A transport failure surfaces as
 * 502, {@link #DEADLINE_EXCEEDED} as 504.
 */
public enum TransportError {
    /** No connection could be had from the pool in time. */
    ADMISSION_TIMEOUT("admission_timeout"),
    /** The sub-request circuit breaker is open for the endpoint. */
    CIRCUIT_OPEN("circuit_open"),
    /** Connecting failed (refused, unreachable, TLS handshake). */
    CONNECT("connect"),
    /** The connection failed after the request started (reset, premature close, malformed response). */
    IO("io"),
    /** The sub-request's deadline passed before the response was complete. */
    DEADLINE_EXCEEDED("deadline_exceeded"),
    /** The response body exceeded the sub-request's limit. */
    RESPONSE_TOO_LARGE("response_too_large");

    private final String configName;

    TransportError(String configName) {
        this.configName = configName;
    }

    /** The name as written in {@code on_result[].transport_error}. */
    public String configName() {
        return configName;
    }

    /**
     * The status a client sees when this failure ends the request (see
     * docs/behaviour/iterative-router.md#steps-and-transitions).
     */
    public int status() {
        return this == DEADLINE_EXCEEDED ? 504 : 502;
    }
}
