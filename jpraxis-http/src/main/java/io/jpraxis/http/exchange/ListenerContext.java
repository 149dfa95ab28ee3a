package io.jpraxis.http.exchange;

import io.jpraxis.core.generation.GenerationSlot;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.metrics.RequestMetrics;
import io.jpraxis.http.subrequest.SubRequestClients;
import io.jpraxis.http.tracing.EdgeTracing;
import io.jpraxis.http.upstream.UpstreamConnector;
import java.time.Clock;

/**
 * What every exchange of one listener shares: where it gets its pipeline and the gateway's
 * services. The pipeline and the global body limits come from the generation each exchange
 * acquires when it starts, so a reload reaches new requests without touching open connections.
 *
 * @param generations the slot holding the generation new requests take
 * @param requestBodyTimeoutMs the longest silence allowed between request body pieces while the
 *     gateway waits for them ({@code downstream_read_timeout_ms}, else {@link
 *     #DEFAULT_REQUEST_BODY_TIMEOUT_MS}); past it the exchange ends with 408, or is cut once its
 *     response began, so a client that stops sending cannot hold the exchange
 * @param requestMetrics where each ended exchange is counted and timed
 * @param subRequests the sub-request clients (one per event loop) each request's context gets;
 *     null makes ones over {@code connector}
 * @param sendTimeoutMs how long a client may leave a proxied response unread (its connection or
 *     stream not writable, so the relay has stopped) before the exchange is cut and both
 *     connections are closed; without it a client that never reads would hold an upstream
 *     connection for good. Counted between writes, like nginx's {@code send_timeout}.
 * @param tunnelIdleTimeoutMs how long a WebSocket tunnel may carry nothing either way before both
 *     connections close: the listener's {@code downstream_read_timeout_ms} when set, else null (no
 *     limit beyond TCP's; see docs/behaviour/websocket.md#idle-close-and-shutdown)
 * @param tracing where request spans come from; null for {@link EdgeTracing#OFF}
 */
public record ListenerContext(
        String listener,
        GenerationSlot generations,
        RuntimeServices services,
        UpstreamConnector connector,
        EdgeMetrics metrics,
        long requestBodyTimeoutMs,
        RequestMetrics requestMetrics,
        SubRequestClients subRequests,
        long sendTimeoutMs,
        Long tunnelIdleTimeoutMs,
        EdgeTracing tracing) {

    /** The send timeout when none is set: nginx's {@code send_timeout} default. */
    public static final long DEFAULT_SEND_TIMEOUT_MS = 60_000;
    /** The request body timeout when the listener sets none: nginx's {@code client_body_timeout} default. */
    public static final long DEFAULT_REQUEST_BODY_TIMEOUT_MS = 60_000;

    public ListenerContext {
        if (requestBodyTimeoutMs <= 0) {
            throw new IllegalArgumentException("requestBodyTimeoutMs must be positive, got " + requestBodyTimeoutMs);
        }
        if (sendTimeoutMs <= 0) {
            throw new IllegalArgumentException("sendTimeoutMs must be positive, got " + sendTimeoutMs);
        }
        requestMetrics = requestMetrics == null ? RequestMetrics.DISABLED : requestMetrics;
        tracing = tracing == null ? EdgeTracing.OFF : tracing;
        if (subRequests == null) {
            subRequests = new SubRequestClients(connector, metrics,
                    services == null ? Clock.systemUTC() : services.clock());
        }
    }

    /** Without tracing. */
    public ListenerContext(String listener, GenerationSlot generations, RuntimeServices services,
            UpstreamConnector connector, EdgeMetrics metrics, long requestBodyTimeoutMs, RequestMetrics requestMetrics,
            SubRequestClients subRequests, long sendTimeoutMs, Long tunnelIdleTimeoutMs) {
        this(listener, generations, services, connector, metrics, requestBodyTimeoutMs, requestMetrics, subRequests,
                sendTimeoutMs, tunnelIdleTimeoutMs, EdgeTracing.OFF);
    }

    /** Without an idle limit on tunnels. */
    public ListenerContext(String listener, GenerationSlot generations, RuntimeServices services,
            UpstreamConnector connector, EdgeMetrics metrics, long requestBodyTimeoutMs, RequestMetrics requestMetrics,
            SubRequestClients subRequests, long sendTimeoutMs) {
        this(listener, generations, services, connector, metrics, requestBodyTimeoutMs, requestMetrics, subRequests,
                sendTimeoutMs, null);
    }

    /** With sub-request clients of its own over {@code connector}. */
    public ListenerContext(String listener, GenerationSlot generations, RuntimeServices services,
            UpstreamConnector connector, EdgeMetrics metrics, long requestBodyTimeoutMs, RequestMetrics requestMetrics) {
        this(listener, generations, services, connector, metrics, requestBodyTimeoutMs, requestMetrics, null,
                DEFAULT_SEND_TIMEOUT_MS);
    }

    /** Without request meters (edges driven in memory by tests). */
    public ListenerContext(String listener, GenerationSlot generations, RuntimeServices services,
            UpstreamConnector connector, EdgeMetrics metrics, long requestBodyTimeoutMs) {
        this(listener, generations, services, connector, metrics, requestBodyTimeoutMs, RequestMetrics.DISABLED, null,
                DEFAULT_SEND_TIMEOUT_MS);
    }
}
