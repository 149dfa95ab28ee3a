package io.jpraxis.http.subrequest;

import io.netty.buffer.ByteBuf;
import java.util.Arrays;

/** A sub-response body collected into one array, grown as pieces arrive. Confined to one event loop. */
final class ResponseBodyBuffer {
    private static final byte[] EMPTY = new byte[0];
    /** Arrays cannot be larger; a limit above it is effectively this. */
    static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

    private byte[] bytes;
    private int size;

    /** @param expected the declared length when known (already checked against the limit), else 0 */
    ResponseBodyBuffer(long expected) {
        this.bytes = expected > 0 ? new byte[(int) Math.min(expected, MAX_ARRAY)] : EMPTY;
    }

    int size() {
        return size;
    }

    /** Copies the readable bytes of {@code piece}; the caller still owns (and releases) it. */
    void append(ByteBuf piece) {
        int n = piece.readableBytes();
        if (n == 0) {
            return;
        }
        int needed = size + n;
        if (needed > bytes.length) {
            long grown = Math.max(needed, Math.min(MAX_ARRAY, Math.max(8192L, (long) bytes.length * 2)));
            bytes = Arrays.copyOf(bytes, (int) grown);
        }
        piece.getBytes(piece.readerIndex(), bytes, size, n);
        size = needed;
    }

    byte[] toArray() {
        return size == bytes.length ? bytes : Arrays.copyOf(bytes, size);
    }
}
