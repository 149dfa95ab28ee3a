package io.jpraxis.extproc.stream;

import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode;

/**
 * How Envoy sends a body, from the {@code protocol_config} it puts on a stream's first message;
 * {@link #UNKNOWN} when it sent none (Envoy before 1.33), where the adapter infers it from what
 * arrives (a last piece alone is BUFFERED, pieces before the last are STREAMED).
 */
enum BodySendMode {
    NONE, STREAMED, BUFFERED, BUFFERED_PARTIAL, FULL_DUPLEX_STREAMED, UNKNOWN;

    static BodySendMode of(ProcessingMode.BodySendMode mode) {
        return switch (mode) {
            case NONE -> NONE;
            case STREAMED -> STREAMED;
            case BUFFERED -> BUFFERED;
            case BUFFERED_PARTIAL -> BUFFERED_PARTIAL;
            case FULL_DUPLEX_STREAMED -> FULL_DUPLEX_STREAMED;
            case UNRECOGNIZED -> UNKNOWN;
        };
    }
}
