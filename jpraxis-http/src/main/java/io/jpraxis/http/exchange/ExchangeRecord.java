package io.jpraxis.http.exchange;

import io.jpraxis.core.filter.ExchangeSummary;

/**
 * What the edge notes about one exchange while it runs (status sent, body bytes, start time) so
 * that its end can be summarized once for the filters' {@code onLog} hooks and the request meters.
 * Confined to the exchange's event loop.
 */
final class ExchangeRecord {
    private final long startNanos = System.nanoTime();
    private int status;
    private long requestBodyBytes;
    /** Body bytes of a local response, or -1 when the response (if any) came from the origin. */
    private long localBodyBytes = -1;
    private boolean ended;

    /** The status whose head went (or is going) to the client. */
    void status(int sent) {
        status = sent;
    }

    void requestBody(long bytes) {
        requestBodyBytes += bytes;
    }

    void localBody(long bytes) {
        localBodyBytes = bytes;
    }

    /** Marks the exchange ended; true only the first time, so every end path may call it. */
    boolean end() {
        if (ended) {
            return false;
        }
        ended = true;
        return true;
    }

    /** The summary, taking the response body size from the origin unless a local response went out. */
    ExchangeSummary summary(long upstreamBodyBytes, boolean completed) {
        long responseBytes = localBodyBytes >= 0 ? localBodyBytes : upstreamBodyBytes;
        return new ExchangeSummary(status, requestBodyBytes, responseBytes, System.nanoTime() - startNanos, completed);
    }
}
