package io.jpraxis.core.filter;

/**
 * How one exchange ended, handed to {@link HttpFilter#onLog} once the last response piece was
 * handed to the transport (not necessarily flushed yet) or the exchange was abandoned.
 *
 * @param status the status sent to the client; 0 when none was (client gone before a response)
 * @param requestBodyBytes request body bytes read from the client
 * @param responseBodyBytes response body bytes written to the client
 * @param durationNanos from the request head's arrival to the end of the exchange (monotonic clock)
 * @param completed false when the exchange was cut short (client disconnect, aborted response)
 */
public record ExchangeSummary(int status, long requestBodyBytes, long responseBodyBytes, long durationNanos,
        boolean completed) {
}
