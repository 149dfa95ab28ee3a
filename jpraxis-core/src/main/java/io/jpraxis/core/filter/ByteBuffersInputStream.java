package io.jpraxis.core.filter;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;

/** An input stream over a list of byte buffers, consuming their positions (callers pass duplicates). */
final class ByteBuffersInputStream extends InputStream {
    private final List<ByteBuffer> buffers;
    private int current;

    ByteBuffersInputStream(List<ByteBuffer> buffers) {
        this.buffers = buffers;
    }

    @Override
    public int read() {
        ByteBuffer b = next();
        return b == null ? -1 : b.get() & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int length) {
        if (length == 0) {
            return 0;
        }
        ByteBuffer b = next();
        if (b == null) {
            return -1;
        }
        int n = Math.min(length, b.remaining());
        b.get(into, offset, n);
        return n;
    }

    @Override
    public int available() {
        ByteBuffer b = next();
        return b == null ? 0 : b.remaining();
    }

    /** The first buffer with bytes left, or null at the end. */
    private ByteBuffer next() {
        while (current < buffers.size()) {
            ByteBuffer b = buffers.get(current);
            if (b.hasRemaining()) {
                return b;
            }
            current++;
        }
        return null;
    }
}
