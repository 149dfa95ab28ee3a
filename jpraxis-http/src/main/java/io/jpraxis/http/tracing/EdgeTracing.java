package io.jpraxis.http.tracing;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.tracecontext.InboundTrace;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.TraceStateBuilder;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;

/**
 * Where the edge's spans come from: {@link #OFF} unless the config has a {@code telemetry} block
 * with an endpoint. Off, {@link #startServer} returns at once: no span, no allocation.
 */
public final class EdgeTracing {
    /** Tracing off. */
    public static final EdgeTracing OFF = new EdgeTracing(null);
    static final String SCOPE = "io.jpraxis.http";

    private final Tracer tracer;

    private EdgeTracing(Tracer tracer) {
        this.tracer = tracer;
    }

    /** Spans from {@code otel}'s tracer provider. */
    public static EdgeTracing of(OpenTelemetry otel) {
        return new EdgeTracing(otel.getTracer(SCOPE));
    }

    public boolean enabled() {
        return tracer != null;
    }

    /**
     * Starts the request's server span, parented by the client's one valid {@code traceparent}
     * (else a new root), and keeps it in the context's extensions ({@link ServerSpan#KEY}) for the
     * upstream attempts and sub-requests. Sub-requests sent through the context get client spans.
     * Read before any filter ran, so the parent is the client's, not a filter's.
     */
    public void startServer(RequestContext ctx) {
        if (tracer == null) {
            return;
        }
        Context parent = parent(InboundTrace.of(ctx.headers()));
        Span span = tracer.spanBuilder(ctx.method()).setSpanKind(SpanKind.SERVER).setParent(parent)
                .setAttribute(SpanAttributes.METHOD, ctx.method())
                .setAttribute(SpanAttributes.SCHEME, ctx.scheme())
                .setAttribute(SpanAttributes.LISTENER, ctx.listener())
                .startSpan();
        ServerSpan server = new ServerSpan(tracer, span, Context.root().with(span));
        ctx.extensions().put(ServerSpan.KEY, server);
        if (ctx.subRequests() != null) {
            ctx.subRequests(new TracedSubRequests(ctx.subRequests(), server));
        }
    }

    /** The remote parent the client named, or the root for a new trace. */
    static Context parent(InboundTrace inbound) {
        if (inbound == null) {
            return Context.root();
        }
        SpanContext remote = SpanContext.createFromRemoteParent(inbound.parent().traceId(),
                inbound.parent().parentId(), TraceFlags.fromByte((byte) inbound.parent().flags()),
                traceState(inbound.traceState()));
        return remote.isValid() ? Context.root().with(Span.wrap(remote)) : Context.root();
    }

    /** The normalized {@code tracestate} list as OpenTelemetry's, members in order (section 3.3.1). */
    private static TraceState traceState(String normalized) {
        if (normalized == null) {
            return TraceState.getDefault();
        }
        TraceStateBuilder builder = TraceState.builder();
        String[] members = normalized.split(",");
        for (int i = members.length - 1; i >= 0; i--) { // put() prepends: the last first keeps the order
            int eq = members[i].indexOf('=');
            builder.put(members[i].substring(0, eq), members[i].substring(eq + 1));
        }
        return builder.build();
    }
}
