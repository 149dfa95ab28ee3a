package io.jpraxis.config.model;

/**
 * A kind of failed attempt a {@code retry_policy} may retry (see
 * docs/behaviour/retries.md#what-is-retried).
 */
public enum RetryCondition {
    /** No connection: refused, timed out, failed DNS or TCP, or a failed TLS handshake. */
    CONNECT_FAILURE("connect_failure"),
    /** The connection broke after the request went out: closed, a read or write error, a timeout. */
    RESET("reset"),
    /** The origin turned an HTTP/2 stream away unprocessed. */
    REFUSED_STREAM("refused_stream"),
    /** The origin answered with a 5xx status. */
    STATUS_5XX("status5xx");

    private final String yamlName;

    RetryCondition(String yamlName) {
        this.yamlName = yamlName;
    }

    /** The name in YAML ({@code status5xx}; the reader also takes {@code status_5xx}). */
    public String yamlName() {
        return yamlName;
    }
}
