package io.jpraxis.extproc.stream;

import com.google.protobuf.ByteString;

/**
 * The request body a pipeline that reads bodies waits for: pieces accumulated up to the cap (MiB:
 * see docs/behaviour/ext-proc.md#phases, docs/behaviour/ext-proc.md#implementation-notes), then
 * what a body filter put in its place, if anything.
 */
final class RequestBody {
    private final long cap;
    private ByteString bytes = ByteString.EMPTY;
    private ByteString replacement;
    private boolean expected;
    private int pieces;
    private long received;

    RequestBody(long cap) {
        this.cap = cap;
    }

    /** The request phase waits for the body. */
    void expect() {
        expected = true;
    }

    boolean expected() {
        return expected;
    }

    /** The body arrived (or will not): the request phase runs now. */
    void complete() {
        expected = false;
    }

    /** Adds a piece; false when the body would exceed the cap. */
    boolean append(ByteString piece) {
        received += piece.size();
        if ((long) bytes.size() + piece.size() > cap) {
            return false;
        }
        bytes = bytes.concat(piece);
        pieces++;
        return true;
    }

    ByteString bytes() {
        return bytes;
    }

    int pieces() {
        return pieces;
    }

    /** Request body bytes Envoy sent on this stream (for the exchange summary). */
    long received() {
        return received;
    }

    void replaced(ByteString body) {
        replacement = body;
    }

    /** What a body filter put in the body's place, or null. */
    ByteString replacement() {
        return replacement;
    }
}
