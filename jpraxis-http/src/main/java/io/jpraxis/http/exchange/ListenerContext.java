package io.jpraxis.http.exchange;

import io.jpraxis.core.generation.GenerationSlot;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.metrics.RequestMetrics;
import io.jpraxis.http.subrequest.SubRequestClients;
import io.jpraxis.http.upstream.UpstreamConnector;
import java.time.Clock;

/**
 * What every exchange of one listener shares: where it gets its pipeline and the gateway's
 * services. The pipeline and the global body limits come from the generation each exchange
 * acquires when it starts, so a reload reaches new requests without touching open connections.
 *
 * @param generations the slot holding the generation new requests take
 * @param requestBodyTimeoutMs {@code downstream_read_timeout_ms}: silence allowed between request
 *     body pieces, or null for none
 * @param requestMetrics where each ended exchange is counted and timed
 * @param subRequests the sub-request clients (one per event loop) each request's context gets;
 *     null makes ones over {@code connector}
 * @param sendTimeoutMs how long a client may leave a proxied response unread (its connection or
 *     stream not writable, so the relay has stopped) before the exchange is cut and both
 *     connections are closed; without it a client that never reads would hold an upstream
 *     connection for good. Counted between writes, like nginx's {@code send_timeout}.
 */
public record ListenerContext(
        String listener,
        GenerationSlot generations,
        RuntimeServices services,
        UpstreamConnector connector,
        EdgeMetrics metrics,
        Long requestBodyTimeoutMs,
        RequestMetrics requestMetrics,
        SubRequestClients subRequests,
        long sendTimeoutMs) {

    /** The send timeout when none is set: nginx's {@code send_timeout} default. */
    public static final long DEFAULT_SEND_TIMEOUT_MS = 60_000;

    public ListenerContext {
        if (sendTimeoutMs <= 0) {
            throw new IllegalArgumentException("sendTimeoutMs must be positive, got " + sendTimeoutMs);
        }
        requestMetrics = requestMetrics == null ? RequestMetrics.DISABLED : requestMetrics;
        if (subRequests == null) {
            subRequests = new SubRequestClients(connector, metrics,
                    services == null ? Clock.systemUTC() : services.clock());
        }
    }

    /** With sub-request clients of its own over {@code connector}. */
    public ListenerContext(String listener, GenerationSlot generations, RuntimeServices services,
            UpstreamConnector connector, EdgeMetrics metrics, Long requestBodyTimeoutMs, RequestMetrics requestMetrics) {
        this(listener, generations, services, connector, metrics, requestBodyTimeoutMs, requestMetrics, null,
                DEFAULT_SEND_TIMEOUT_MS);
    }

    /** Without request meters (edges driven in memory by tests). */
    public ListenerContext(String listener, GenerationSlot generations, RuntimeServices services,
            UpstreamConnector connector, EdgeMetrics metrics, Long requestBodyTimeoutMs) {
        this(listener, generations, services, connector, metrics, requestBodyTimeoutMs, RequestMetrics.DISABLED, null,
                DEFAULT_SEND_TIMEOUT_MS);
    }
}
