package io.jpraxis.core.filter;

/**
 * How a body is delivered to the filters of one direction (see
 * docs/behaviour/body-access.md#access-and-delivery-modes). Filters declare {@link Stream} or
 * {@link StreamBuffer}; {@link SizeLimit} is what the gateway puts in place when no filter needs
 * the body, so the global {@code body_limits} still count its bytes.
 */
public sealed interface BodyMode permits BodyMode.Stream, BodyMode.StreamBuffer, BodyMode.SizeLimit {

    /** The shared {@link Stream} value. */
    Stream STREAM = new Stream();

    /** Pieces pass through the body hooks and on at once. */
    record Stream() implements BodyMode {
    }

    /**
     * Hooks see each piece, but bytes are withheld until a hook releases them or the body ends.
     * On the request side the whole body is read before the request phase (pre-read).
     *
     * @param maxBytes the most bytes held; null asks for no bound (the global ceiling and the
     *     64 MiB cap still apply)
     */
    record StreamBuffer(Long maxBytes) implements BodyMode {
        public StreamBuffer {
            if (maxBytes != null && maxBytes < 0) {
                throw new IllegalArgumentException("maxBytes: " + maxBytes + " (expected: at least 0)");
            }
        }
    }

    /** Pass-through with a running byte count against {@code maxBytes}; injected, never declared. */
    record SizeLimit(long maxBytes) implements BodyMode {
    }

    /** A buffer of at most {@code maxBytes}. */
    static StreamBuffer buffer(long maxBytes) {
        return new StreamBuffer(maxBytes);
    }

    /**
     * The stronger of two modes (the ratchet (see
     * docs/behaviour/body-access.md#access-and-delivery-modes)): StreamBuffer over SizeLimit over
     * Stream; two buffers merge to the larger bound, an unbounded one winning; two limits to the
     * larger one.
     */
    static BodyMode ratchet(BodyMode a, BodyMode b) {
        if (rank(a) != rank(b)) {
            return rank(a) > rank(b) ? a : b;
        }
        return switch (a) {
            case Stream s -> s;
            case SizeLimit la -> new SizeLimit(Math.max(la.maxBytes(), ((SizeLimit) b).maxBytes()));
            case StreamBuffer ba -> {
                Long other = ((StreamBuffer) b).maxBytes();
                yield ba.maxBytes() == null || other == null ? new StreamBuffer(null)
                        : new StreamBuffer(Math.max(ba.maxBytes(), other));
            }
        };
    }

    private static int rank(BodyMode mode) {
        return switch (mode) {
            case Stream s -> 0;
            case SizeLimit l -> 1;
            case StreamBuffer b -> 2;
        };
    }
}
