package io.jpraxis.filters.observe.tracecontext;

/** The {@code trace_context} filter's config: it has no keys (spec 5.9). */
public record TraceContextConfig() {
}
