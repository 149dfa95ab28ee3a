package io.jpraxis.filters.observe.tracecontext;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.tracecontext.InboundTrace;
import io.jpraxis.core.tracecontext.TraceParent;

/**
 * W3C Trace Context propagation (see docs/reference/filters/trace_context.md#what-it-does): a
 * request with one valid {@code traceparent} joins the client's trace, any other starts a new one;
 * either way the upstream hop gets a new span id in a version-00 {@code traceparent}. {@code
 * tracestate} is forwarded, validated, only when the client's {@code traceparent} was valid (Trace
 * Context section 3.3: without its parent it means nothing), and removed otherwise.
 *
 * <p>Several {@code traceparent} lines are invalid (section 3.2) and count as none. A new trace is
 * marked sampled, since this filter has no sampler to ask and a recorder downstream should see
 * it. The decision is stored in the request's extensions ({@link TraceContext#KEY}); running the
 * filter again for the same request (a branch re-entering, a second entry) keeps it, so one
 * request always has one upstream span id.
 */
public final class TraceContextFilter implements HttpFilter {
    static final String TRACEPARENT = InboundTrace.TRACEPARENT;
    static final String TRACESTATE = InboundTrace.TRACESTATE;
    /**
     * Propagation is decided before routing, so it may not wait for an upstream (see
     * docs/reference/filters/trace_context.md#what-it-does).
     */

    private final TraceContextConfig config;
    private final TraceIds ids;

    TraceContextFilter(TraceContextConfig config, TraceIds ids) {
        this.config = config;
        this.ids = ids;
    }

    @Override
    public String type() {
        return TraceContextFactory.TYPE;
    }

    @Override
    public TraceContextConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        TraceContext trace = ctx.extensions().get(TraceContext.KEY).orElse(null);
        if (trace == null) {
            trace = decide(ctx.headers());
            ctx.extensions().put(TraceContext.KEY, trace);
        }
        ctx.headers().set(TRACEPARENT, trace.traceparent());
        if (trace.traceState() != null) {
            ctx.headers().set(TRACESTATE, trace.traceState());
        } else {
            ctx.headers().remove(TRACESTATE);
        }
        return FilterAction.CONTINUE;
    }

    private TraceContext decide(HeaderMap headers) {
        InboundTrace inbound = InboundTrace.of(headers);
        if (inbound == null) {
            return new TraceContext(ids.traceId(), ids.spanId(null), null, TraceParent.SAMPLED, null);
        }
        TraceParent parent = inbound.parent();
        return new TraceContext(parent.traceId(), ids.spanId(parent.parentId()), parent.parentId(), parent.flags(),
                inbound.traceState());
    }
}
