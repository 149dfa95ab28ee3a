package io.jpraxis.http.metrics;

import io.jpraxis.http.upstream.PoolEvents;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.netty.handler.codec.http2.Http2Error;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of the HTTP edge. {@link LongAdder}s, because every event loop bumps them concurrently
 * and reads (scrapes, tests) are rare. Every error the edge swallows on a client's behalf is
 * counted here as well as logged.
 */
public final class EdgeMetrics implements PoolEvents {
    private final LongAdder requests = new LongAdder();
    private final LongAdder localResponses = new LongAdder();
    private final LongAdder malformedRequests = new LongAdder();
    private final LongAdder upstreamConnects = new LongAdder();
    private final LongAdder upstreamReuses = new LongAdder();
    private final LongAdder upstreamRetries = new LongAdder();
    private final LongAdder pooledClosedByOrigin = new LongAdder();
    private final LongAdder clientAborts = new LongAdder();
    private final LongAdder sendTimeouts = new LongAdder();
    private final LongAdder requestBodyLimitHits = new LongAdder();
    private final LongAdder responseBodyLimitHits = new LongAdder();
    private final LongAdder rejectedConnections = new LongAdder();
    private final LongAdder clusterCapacityRefusals = new LongAdder();
    private final LongAdder deadlinesExceeded = new LongAdder();
    /** A gauge, not a counter: incremented when a proxied exchange starts, decremented when it ends. */
    private final LongAdder activeUpstreamExchanges = new LongAdder();
    private final LongAdder requestHeadTimeouts = new LongAdder();
    private final LongAdder requestBodyTimeouts = new LongAdder();
    private final LongAdder internalErrors = new LongAdder();
    private final LongAdder hedgeCopies = new LongAdder();
    private final LongAdder unparsedForwarded = new LongAdder();
    /** Gauges, not counters: opened minus closed (see docs/behaviour/upstream-http2.md#the-connection-pool). */
    private final LongAdder openH2Connections = new LongAdder();
    private final LongAdder openH2Streams = new LongAdder();
    private final LongAdder h2GoAways = new LongAdder();
    private final Map<UpstreamFailure, LongAdder> upstreamFailures = new EnumMap<>(UpstreamFailure.class);
    private final Map<Http2Error, LongAdder> http2ConnectionErrors = new EnumMap<>(Http2Error.class);
    private final Map<String, LongAdder> counters;
    private final ConcurrentMap<String, TunnelCounts> tunnels = new ConcurrentHashMap<>();

    public EdgeMetrics() {
        for (UpstreamFailure f : UpstreamFailure.values()) {
            upstreamFailures.put(f, new LongAdder());
        }
        for (Http2Error e : Http2Error.values()) {
            http2ConnectionErrors.put(e, new LongAdder());
        }
        Map<String, LongAdder> named = new TreeMap<>();
        named.put("requests", requests);
        named.put("local_responses", localResponses);
        named.put("malformed_requests", malformedRequests);
        named.put("upstream_connects", upstreamConnects);
        named.put("upstream_reuses", upstreamReuses);
        named.put("upstream_retries", upstreamRetries);
        named.put("upstream_hedge_copies", hedgeCopies);
        named.put("upstream_pooled_closed_by_origin", pooledClosedByOrigin);
        named.put("client_aborts", clientAborts);
        named.put("send_timeouts", sendTimeouts);
        named.put("request_body_limit_hits", requestBodyLimitHits);
        named.put("response_body_limit_hits", responseBodyLimitHits);
        named.put("rejected_connections", rejectedConnections);
        named.put("deadlines_exceeded", deadlinesExceeded);
        named.put("cluster_capacity_refusals", clusterCapacityRefusals);
        named.put("request_head_timeouts", requestHeadTimeouts);
        named.put("request_body_timeouts", requestBodyTimeouts);
        named.put("internal_errors", internalErrors);
        named.put("forwarded_header_unparsed", unparsedForwarded);
        named.put("upstream_h2_goaways", h2GoAways);
        upstreamFailures.forEach((f, n) -> named.put("upstream_failures_" + f.name().toLowerCase(Locale.ROOT), n));
        http2ConnectionErrors.forEach((e, n) -> named.put("http2_connection_errors_" + e.name().toLowerCase(Locale.ROOT), n));
        this.counters = Collections.unmodifiableMap(named);
    }

    /** The WebSocket tunnels of {@code listener}, made on first use. */
    public TunnelCounts tunnels(String listener) {
        return tunnels.computeIfAbsent(listener, l -> new TunnelCounts());
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

    @Override
    public void upstreamConnect() {
        upstreamConnects.increment();
    }

    @Override
    public void upstreamReuse() {
        upstreamReuses.increment();
    }

    public void upstreamRetry() {
        upstreamRetries.increment();
    }

    /** A hedged request sent one more copy (see docs/behaviour/hedging.md#the-race). */
    public void hedgeCopy() {
        hedgeCopies.increment();
    }

    public long hedgeCopies() {
        return hedgeCopies.sum();
    }

    /** A parked connection the origin closed: noticed while idle, so never handed out. */
    @Override
    public void pooledClosedByOrigin() {
        pooledClosedByOrigin.increment();
    }

    public long pooledClosedByOriginCount() {
        return pooledClosedByOrigin.sum();
    }

    public void upstreamFailure(UpstreamFailure failure) {
        upstreamFailures.get(failure).increment();
    }

    /** A client's HTTP/2 connection ended with GOAWAY carrying {@code error} (RFC 9113 5.4.1). */
    public void http2ConnectionError(Http2Error error) {
        http2ConnectionErrors.get(error).increment();
    }

    public long http2ConnectionErrors(Http2Error error) {
        return http2ConnectionErrors.get(error).sum();
    }

    /** A client's {@code Forwarded} header did not parse and was replaced by this hop's element. */
    public void unparsedForwarded() {
        unparsedForwarded.increment();
    }

    public long unparsedForwardedCount() {
        return unparsedForwarded.sum();
    }

    public void clientAbort() {
        clientAborts.increment();
    }

    /** A client left a response unread past the send timeout: its exchange was cut. */
    public void sendTimeout() {
        sendTimeouts.increment();
    }

    public long sendTimeouts() {
        return sendTimeouts.sum();
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

    /** A request refused with 503 because its cluster was at {@code max_connections}. */
    public void clusterCapacityRefusal() {
        clusterCapacityRefusals.increment();
    }

    public long clusterCapacityRefusals() {
        return clusterCapacityRefusals.sum();
    }

    /** Upstream attempts repeated: connect-failure retries and re-sends after a stale pooled connection. */
    public long upstreamRetries() {
        return upstreamRetries.sum();
    }

    /** A request deadline ({@code timeout}) expired before the response head: answered 504. */
    public void deadlineExceeded() {
        deadlinesExceeded.increment();
    }

    public long deadlinesExceeded() {
        return deadlinesExceeded.sum();
    }

    @Override
    public void h2ConnectionOpened() {
        openH2Connections.increment();
    }

    @Override
    public void h2ConnectionClosed() {
        openH2Connections.decrement();
    }

    @Override
    public void h2StreamOpened() {
        openH2Streams.increment();
    }

    @Override
    public void h2StreamClosed() {
        openH2Streams.decrement();
    }

    @Override
    public void h2GoAwayReceived() {
        h2GoAways.increment();
    }

    /** Upstream HTTP/2 connections taking or finishing streams. */
    public long openH2Connections() {
        return openH2Connections.sum();
    }

    /** Streams open on upstream HTTP/2 connections. */
    public long openH2Streams() {
        return openH2Streams.sum();
    }

    public long h2GoAways() {
        return h2GoAways.sum();
    }

    public void upstreamExchangeStarted() {
        activeUpstreamExchanges.increment();
    }

    public void upstreamExchangeEnded() {
        activeUpstreamExchanges.decrement();
    }

    /** Proxied exchanges between the forward decision and their end. */
    public long activeUpstreamExchanges() {
        return activeUpstreamExchanges.sum();
    }

    /** A client that did not finish a request head within the header-read timeout. */
    public void requestHeadTimeout() {
        requestHeadTimeouts.increment();
    }

    /** A client fell silent mid-body for longer than the request body timeout: answered 408 or cut. */
    public void requestBodyTimeout() {
        requestBodyTimeouts.increment();
    }

    public long requestBodyTimeouts() {
        return requestBodyTimeouts.sum();
    }

    /** The gateway failed a request itself (a filter or edge bug, answered 500); each is also logged. */
    public void internalError() {
        internalErrors.increment();
    }

    public long internalErrors() {
        return internalErrors.sum();
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
        counters.forEach((name, adder) -> out.put(name, adder.sum()));
        return out;
    }

    /** The live counters by name, in name order, for exporters that read them at scrape time. */
    public Map<String, LongAdder> counters() {
        return counters;
    }
}
