package io.jpraxis.filters.observe.tracecontext;

/**
 * The {@code trace_context} filter's config: it has no keys (see
 * docs/reference/filters/trace_context.md#what-it-does).
 */
public record TraceContextConfig() {
}
