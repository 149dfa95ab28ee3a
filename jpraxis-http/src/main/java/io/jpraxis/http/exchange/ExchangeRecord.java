package io.jpraxis.http.exchange;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.generation.Generation;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.http.tracing.ServerSpan;

/**
 * What the edge notes about one exchange while it runs (status sent, body bytes, start time) so
 * that its end can be summarized once for the filters' {@code onLog} hooks and the request meters.
 * Confined to the exchange's event loop.
 */
final class ExchangeRecord {
    private final long startNanos = System.nanoTime();
    private int status;
    private long requestBodyBytes;
    /** Body bytes of a local response (or a tunnel's from the origin), or -1 when a proxied response's count. */
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

    /** A tunnel's bytes: what the client sent counts as its request body, what the origin sent as its response's. */
    void tunnelled(long fromClient, long fromOrigin) {
        requestBodyBytes += fromClient;
        localBodyBytes = fromOrigin;
    }

    /** Marks the exchange ended; true only the first time, so every end path may call it. */
    boolean end() {
        if (ended) {
            return false;
        }
        ended = true;
        return true;
    }

    /**
     * Reports the ended exchange: counted and timed in the request meters, then handed to the
     * filters that ran ({@code onLog}); {@code generation} is released last whatever they do.
     */
    void report(ListenerContext listener, RequestContext ctx, PipelineExecution execution, Generation generation,
            long upstreamBodyBytes, boolean completed) {
        ExchangeSummary summary = summary(upstreamBodyBytes, completed);
        listener.requestMetrics().record(listener.listener(), ctx, summary.status(), summary.durationNanos());
        try {
            ServerSpan.end(ctx, summary.status(), completed); // before onLog: a span must not wait on a slow logger
            if (execution != null) {
                execution.runLog(summary);
            }
        } finally {
            if (generation != null) {
                generation.release(); // the last request of a replaced generation closes it
            }
        }
    }

    /** The summary, taking the response body size from the origin unless a local response went out. */
    ExchangeSummary summary(long upstreamBodyBytes, boolean completed) {
        long responseBytes = localBodyBytes >= 0 ? localBodyBytes : upstreamBodyBytes;
        return new ExchangeSummary(status, requestBodyBytes, responseBytes, System.nanoTime() - startNanos, completed);
    }
}
