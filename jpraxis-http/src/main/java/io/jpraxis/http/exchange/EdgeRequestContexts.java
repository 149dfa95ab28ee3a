package io.jpraxis.http.exchange;

import io.jpraxis.core.context.RequestContext;
import io.netty.handler.codec.http.HttpRequest;

/**
 * The request context an admitted HTTP request runs its pipeline with: what the connection knows
 * (scheme, TCP peer, TLS session) and the event loop it belongs to, which its sub-requests and
 * any asynchronous hook resume on (see docs/behaviour/request-lifecycle.md#the-request-phase).
 */
final class EdgeRequestContexts {
    private EdgeRequestContexts() {
    }

    static RequestContext create(ListenerContext listener, Downstream downstream, HttpRequest request,
            RequestHead.Admitted head, String requestId) {
        RequestContext ctx = new RequestContext(listener.listener(), request.method().name(), head.path(),
                head.query(), downstream.tls() == null ? "http" : "https", downstream.clientAddress(), head.headers(),
                requestId, listener.services().clock().instant());
        ctx.downstreamTls(downstream.tls());
        ctx.requestThread(new LoopExecutor(downstream.eventLoop()));
        // Sub-requests (the iterative request router's steps) run and complete on this request's loop.
        ctx.subRequests(listener.subRequests().forLoop(downstream.eventLoop()));
        listener.tracing().startServer(ctx); // before any filter: the span's parent is the client's traceparent
        return ctx;
    }
}
