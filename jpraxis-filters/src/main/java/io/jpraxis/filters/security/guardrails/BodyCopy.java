package io.jpraxis.filters.security.guardrails;

import io.jpraxis.core.filter.BodyChunk;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

/**
 * The response body gathered piece by piece for the end-of-body check: the edge withholds the
 * pieces but lends them to the hook only for the call, so they are copied here. Bounded by the
 * pipeline's response buffer, which cuts a larger response off before it ends (see
 * docs/behaviour/body-access.md#body-limits). One per exchange, on its event loop.
 */
final class BodyCopy {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    void append(BodyChunk piece) {
        for (ByteBuffer b : piece.buffers()) {
            byte[] part = new byte[b.remaining()];
            b.get(part);
            bytes.writeBytes(part);
        }
    }

    long length() {
        return bytes.size();
    }

    byte[] toByteArray() {
        return bytes.toByteArray();
    }
}
