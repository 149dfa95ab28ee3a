package io.jpraxis.filters.observe.tracecontext;

import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code trace_context} entry: none. */
public final class TraceContextKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Continues or starts a W3C trace context.");

    private TraceContextKeys() {
    }
}
