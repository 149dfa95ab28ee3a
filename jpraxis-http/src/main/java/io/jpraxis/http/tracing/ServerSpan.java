package io.jpraxis.http.tracing;

import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;

/**
 * The server span of one request, kept in its context's extensions: the parent of the request's
 * upstream attempts and sub-requests, ended once with the status the client got. Its methods may
 * run on any thread (OpenTelemetry spans are thread-safe).
 */
public final class ServerSpan {
    /** Where the span of a request lives in its {@link RequestContext#extensions()}. */
    public static final Extensions.Key<ServerSpan> KEY = new Extensions.Key<>("tracing.server_span", ServerSpan.class);

    private final Tracer tracer;
    private final Span span;
    private final Context context;

    ServerSpan(Tracer tracer, Span span, Context context) {
        this.tracer = tracer;
        this.span = span;
        this.context = context;
    }

    /** The request's span, or null when tracing is off. */
    public static ServerSpan of(RequestContext ctx) {
        return ctx.extensions().get(KEY).orElse(null);
    }

    /** A client span for one upstream attempt ({@code resend} 0 for the first) or sub-request. */
    ClientSpan startClient(String method, UpstreamTarget target, int resend, boolean subRequest) {
        var builder = tracer.spanBuilder(method).setSpanKind(SpanKind.CLIENT).setParent(context)
                .setAttribute(SpanAttributes.METHOD, method)
                .setAttribute(SpanAttributes.SERVER_ADDRESS, target.endpoint().host())
                .setAttribute(SpanAttributes.SERVER_PORT, (long) target.endpoint().port())
                .setAttribute(SpanAttributes.CLUSTER, target.cluster().name());
        if (resend > 0) {
            builder.setAttribute(SpanAttributes.RESEND_COUNT, (long) resend);
        }
        if (subRequest) {
            builder.setAttribute(SpanAttributes.SUBREQUEST, true);
        }
        return new ClientSpan(builder.startSpan());
    }

    /**
     * Ends the span of {@code ctx}, if it has one, with the status the client got (0: none went out),
     * the route and cluster chosen, and the GenAI attributes the filters left.
     */
    public static void end(RequestContext ctx, int status, boolean completed) {
        ServerSpan server = ctx == null ? null : of(ctx);
        if (server == null) {
            return;
        }
        Span span = server.span;
        if (status > 0) {
            span.setAttribute(SpanAttributes.STATUS, status);
        }
        if (ctx.route() != null) {
            span.setAttribute(SpanAttributes.ROUTE, ctx.route());
            span.updateName(ctx.method() + ' ' + ctx.route());
        }
        if (ctx.cluster() != null) {
            span.setAttribute(SpanAttributes.CLUSTER, ctx.cluster());
        }
        GenAiAttributes.apply(span, ctx);
        // A server span is an error for a 5xx only (HTTP semantic conventions): a 4xx is the client's.
        if (status >= 500) {
            span.setStatus(StatusCode.ERROR);
            span.setAttribute(SpanAttributes.ERROR_TYPE, Integer.toString(status));
        } else if (!completed) {
            span.setStatus(StatusCode.ERROR, "response cut short");
            span.setAttribute(SpanAttributes.ERROR_TYPE, "aborted");
        }
        span.end();
    }
}
