package io.jpraxis.filters.observe.tracecontext;

import io.jpraxis.core.tracecontext.TraceParent;
import io.jpraxis.core.context.Extensions;

/**
 * The trace a request belongs to, as {@code trace_context} decided it; later filters read it from
 * the request's extensions under {@link #KEY}.
 *
 * @param traceId the trace's id: the client's when it sent a valid {@code traceparent}, else a new one
 * @param spanId the id this gateway gave the upstream hop, sent as the {@code traceparent} parent id
 * @param inboundParentId the client's parent id, or null when the gateway started the trace
 * @param flags trace flags sent upstream ({@link TraceParent#SAMPLED} or 0)
 * @param traceState the validated {@code tracestate} forwarded upstream, or null when none is
 */
public record TraceContext(String traceId, String spanId, String inboundParentId, int flags, String traceState) {
    /** Where the filter stores the request's trace context. */
    public static final Extensions.Key<TraceContext> KEY = new Extensions.Key<>("trace_context", TraceContext.class);

    /** Whether the request continued a trace the client started. */
    public boolean joined() {
        return inboundParentId != null;
    }

    /** Whether the trace is sampled (the {@code sampled} flag). */
    public boolean sampled() {
        return (flags & TraceParent.SAMPLED) != 0;
    }

    /** The {@code traceparent} value sent upstream. */
    public String traceparent() {
        return TraceParent.render(traceId, spanId, flags);
    }
}
