package io.jpraxis.http.metrics;

import io.jpraxis.http.upstream.UpstreamFailure;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of the HTTP edge. {@link LongAdder}s, because every event loop bumps them concurrently
 * and reads (scrapes, tests) are rare. Every error the edge swallows on a client's behalf is
 * counted here as well as logged.
 */
public final class EdgeMetrics {
    private final LongAdder requests = new LongAdder();
    private final LongAdder localResponses = new LongAdder();
    private final LongAdder malformedRequests = new LongAdder();
    private final LongAdder upstreamConnects = new LongAdder();
    private final LongAdder upstreamReuses = new LongAdder();
    private final LongAdder upstreamRetries = new LongAdder();
    private final LongAdder pooledClosedByOrigin = new LongAdder();
    private final LongAdder clientAborts = new LongAdder();
    private final LongAdder requestBodyLimitHits = new LongAdder();
    private final LongAdder responseBodyLimitHits = new LongAdder();
    private final LongAdder rejectedConnections = new LongAdder();
    private final LongAdder requestHeadTimeouts = new LongAdder();
    private final Map<UpstreamFailure, LongAdder> upstreamFailures = new EnumMap<>(UpstreamFailure.class);

    public EdgeMetrics() {
        for (UpstreamFailure f : UpstreamFailure.values()) {
            upstreamFailures.put(f, new LongAdder());
        }
    }

    public void request() {
        requests.increment();
    }

    public void localResponse() {
        localResponses.increment();
    }

    public void malformedRequest() {
        malformedRequests.increment();
    }

    public void upstreamConnect() {
        upstreamConnects.increment();
    }

    public void upstreamReuse() {
        upstreamReuses.increment();
    }

    public void upstreamRetry() {
        upstreamRetries.increment();
    }

    /** A parked connection the origin closed: noticed while idle, so never handed out. */
    public void pooledClosedByOrigin() {
        pooledClosedByOrigin.increment();
    }

    public long pooledClosedByOriginCount() {
        return pooledClosedByOrigin.sum();
    }

    public void upstreamFailure(UpstreamFailure failure) {
        upstreamFailures.get(failure).increment();
    }

    public void clientAbort() {
        clientAborts.increment();
    }

    public void requestBodyLimitHit() {
        requestBodyLimitHits.increment();
    }

    public void responseBodyLimitHit() {
        responseBodyLimitHits.increment();
    }

    public void rejectedConnection() {
        rejectedConnections.increment();
    }

    /** A client that did not finish a request head within the header-read timeout. */
    public void requestHeadTimeout() {
        requestHeadTimeouts.increment();
    }

    public long requests() {
        return requests.sum();
    }

    /** New upstream TCP connections opened. */
    public long upstreamConnects() {
        return upstreamConnects.sum();
    }

    /** Exchanges served over a pooled (reused) upstream connection. */
    public long upstreamReuses() {
        return upstreamReuses.sum();
    }

    public long upstreamFailures(UpstreamFailure failure) {
        return upstreamFailures.get(failure).sum();
    }

    /** Every counter by name, in name order (snake_case, for dumps and metric exports). */
    public Map<String, Long> snapshot() {
        Map<String, Long> out = new TreeMap<>();
        out.put("requests", requests.sum());
        out.put("local_responses", localResponses.sum());
        out.put("malformed_requests", malformedRequests.sum());
        out.put("upstream_connects", upstreamConnects.sum());
        out.put("upstream_reuses", upstreamReuses.sum());
        out.put("upstream_retries", upstreamRetries.sum());
        out.put("upstream_pooled_closed_by_origin", pooledClosedByOrigin.sum());
        out.put("client_aborts", clientAborts.sum());
        out.put("request_body_limit_hits", requestBodyLimitHits.sum());
        out.put("response_body_limit_hits", responseBodyLimitHits.sum());
        out.put("rejected_connections", rejectedConnections.sum());
        out.put("request_head_timeouts", requestHeadTimeouts.sum());
        upstreamFailures.forEach((f, n) -> out.put("upstream_failures_" + f.name().toLowerCase(java.util.Locale.ROOT), n.sum()));
        return out;
    }
}
