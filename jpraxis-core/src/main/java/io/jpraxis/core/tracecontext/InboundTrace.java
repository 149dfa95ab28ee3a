package io.jpraxis.core.tracecontext;

import io.jpraxis.core.http.HeaderMap;
import java.util.List;

/**
 * The trace a client's request joins (W3C Trace Context, sections 3.2 and 3.3): its one valid
 * {@code traceparent}, and its {@code tracestate} when valid. Several {@code traceparent} lines are
 * invalid and count as none; a {@code tracestate} without a valid parent, or invalid itself, is
 * dropped.
 *
 * @param parent the client's span, never null
 * @param traceState the normalized {@code tracestate}, or null
 */
public record InboundTrace(TraceParent parent, String traceState) {
    public static final String TRACEPARENT = "traceparent";
    public static final String TRACESTATE = "tracestate";

    /** The trace {@code headers} carry, or null when they start a new one. */
    public static InboundTrace of(HeaderMap headers) {
        List<String> parents = headers.getAll(TRACEPARENT);
        TraceParent parent = parents.size() == 1 ? TraceParent.parse(parents.getFirst()) : null;
        return parent == null ? null : new InboundTrace(parent, TraceState.normalize(headers.getAll(TRACESTATE)));
    }
}
