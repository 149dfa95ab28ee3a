package io.jpraxis.http.tracing;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.tracecontext.InboundTrace;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.netty.handler.codec.http.HttpHeaders;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;

/**
 * The client span of one upstream attempt or sub-request. Its context is injected into the
 * outgoing head last, replacing any {@code traceparent} and {@code tracestate} the client or a
 * filter set, so the origin (or the next gateway) parents on this hop. The static methods take a
 * null span (tracing off) and do nothing with it.
 */
public final class ClientSpan {
    private final Span span;
    private boolean ended;

    ClientSpan(Span span) {
        this.span = span;
    }

    /**
     * Ends {@code previous} (an attempt given up) and starts the span of the next upstream attempt,
     * injected into {@code head}; null when {@code server} is (tracing off).
     */
    public static ClientSpan nextAttempt(ServerSpan server, ClientSpan previous, String method,
            UpstreamTarget target, int resend, HttpHeaders head) {
        if (server == null) {
            return null;
        }
        end(previous);
        ClientSpan span = server.startClient(method, target, resend, false);
        head.remove(InboundTrace.TRACEPARENT);
        head.remove(InboundTrace.TRACESTATE);
        W3CTraceContextPropagator.getInstance().inject(Context.root().with(span.span), head, HttpHeaders::set);
        return span;
    }

    /** Starts a sub-request's span and injects it into {@code headers}. */
    static ClientSpan subRequest(ServerSpan server, String method, UpstreamTarget target, HeaderMap headers) {
        ClientSpan span = server.startClient(method, target, 0, true);
        headers.remove(InboundTrace.TRACEPARENT);
        headers.remove(InboundTrace.TRACESTATE);
        W3CTraceContextPropagator.getInstance().inject(Context.root().with(span.span), headers, HeaderMap::set);
        return span;
    }

    /** The origin answered {@code status}; a 4xx or 5xx marks a client span an error. */
    public static void answered(ClientSpan span, int status) {
        if (span == null) {
            return;
        }
        span.span.setAttribute(SpanAttributes.STATUS, status);
        if (status >= 400) {
            span.span.setStatus(StatusCode.ERROR);
            span.span.setAttribute(SpanAttributes.ERROR_TYPE, Integer.toString(status));
        }
    }

    /** The attempt failed in transport ({@code kind}: connect, read timeout, ...) and ends. */
    public static void failed(ClientSpan span, String kind) {
        if (span == null) {
            return;
        }
        span.span.setStatus(StatusCode.ERROR, kind);
        span.span.setAttribute(SpanAttributes.ERROR_TYPE, kind);
        end(span);
    }

    /** Ends the span, once. */
    public static void end(ClientSpan span) {
        if (span != null && !span.ended) {
            span.ended = true;
            span.span.end();
        }
    }
}
