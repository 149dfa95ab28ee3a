package io.jpraxis.http.upstream;

import io.jpraxis.config.model.RetryCondition;

/**
 * Why an upstream exchange failed. Every kind answers 502 when no response head was sent yet (502
 * is kept for upstream failures; see docs/behaviour/request-lifecycle.md#no-endpoint-selected); the
 * reasons are safe to send to a client, as they name no address or internal detail (see
 * docs/behaviour/request-lifecycle.md#error-bodies).
 */
public enum UpstreamFailure {
    CONNECT_REFUSED("upstream refused the connection"),
    CONNECT_TIMEOUT("upstream connect timed out"),
    CONNECT_FAILED("upstream connect failed"),
    /**
     * A host name resolved into a range the config does not allow (see
     * docs/behaviour/config-loading.md#insecure-options).
     */
    PRIVATE_ADDRESS_REFUSED("upstream address not allowed"),
    RESET("upstream reset the connection"),
    READ_TIMEOUT("upstream read timed out"),
    WRITE_TIMEOUT("upstream write timed out"),
    PREMATURE_CLOSE("upstream closed the connection prematurely"),
    PROTOCOL_ERROR("upstream sent an invalid response"),
    /** The TLS handshake failed: an untrusted or mismatched certificate, or no common protocol. */
    TLS_HANDSHAKE_FAILED("upstream TLS handshake failed"),
    /**
     * An {@code h2} cluster's origin did not pick {@code h2} in ALPN (see
     * docs/behaviour/upstream-http2.md#choosing-the-version).
     */
    H2_NOT_NEGOTIATED("upstream did not agree to HTTP/2"),
    /**
     * The origin turned an HTTP/2 stream away unprocessed: REFUSED_STREAM, or a GOAWAY whose last
     * stream id is below it (RFC 9113 8.7), so the request may be sent again (see
     * docs/behaviour/upstream-http2.md#goaway-and-refused-streams).
     */
    REFUSED_STREAM("upstream refused the stream");

    private final String reason;

    UpstreamFailure(String reason) {
        this.reason = reason;
    }

    /** Client-safe text for the JSON error body. */
    public String reason() {
        return reason;
    }

    /** Whether the failure happened before any request byte could have reached the origin. */
    public boolean beforeRequestSent() {
        return this == CONNECT_REFUSED || this == CONNECT_TIMEOUT || this == CONNECT_FAILED
                || this == PRIVATE_ADDRESS_REFUSED || this == TLS_HANDSHAKE_FAILED || this == H2_NOT_NEGOTIATED;
    }

    /** Whether the origin is known not to have processed the request at all, whatever it had received. */
    public boolean unprocessed() {
        return this == REFUSED_STREAM;
    }

    /**
     * Whether the legacy retry policy (no {@code retry_policy}) retries this failure (see
     * docs/behaviour/retries.md#the-legacy-policy): refused, timed out (TCP or TLS setup) or
     * otherwise failed to connect, DNS included. A refused private address is a policy decision and
     * a failed handshake a certificate problem; neither is retried.
     */
    public boolean retriableConnectFailure() {
        return this == CONNECT_REFUSED || this == CONNECT_TIMEOUT || this == CONNECT_FAILED;
    }

    /**
     * The {@code retriable_conditions} entry that covers this failure under a configured policy
     * (see docs/behaviour/retries.md#what-is-retried), or null when none does: a refused private
     * address is a policy decision, an invalid response or a refused HTTP/2 upgrade will not get
     * better by asking again.
     */
    public RetryCondition retryCondition() {
        return switch (this) {
            case CONNECT_REFUSED, CONNECT_TIMEOUT, CONNECT_FAILED, TLS_HANDSHAKE_FAILED -> RetryCondition.CONNECT_FAILURE;
            case RESET, READ_TIMEOUT, WRITE_TIMEOUT, PREMATURE_CLOSE -> RetryCondition.RESET;
            case REFUSED_STREAM -> RetryCondition.REFUSED_STREAM;
            case PRIVATE_ADDRESS_REFUSED, PROTOCOL_ERROR, H2_NOT_NEGOTIATED -> null;
        };
    }

    public int status() {
        return 502;
    }
}
