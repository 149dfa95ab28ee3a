package io.jpraxis.http.exchange;

import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.http.HeaderMap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * Between Netty's buffers and the transport-neutral {@link BodyChunk} filters see: views both
 * ways, never copies. A view of a {@link ByteBuf} is valid while the buffer is.
 */
final class BodyViews {
    private BodyViews() {
    }

    /** The readable bytes of {@code buf} as a body piece (one view per component of a composite). */
    static BodyChunk of(ByteBuf buf, boolean endOfStream) {
        return of(buf, endOfStream, null);
    }

    /** As {@link #of(ByteBuf, boolean)}, a last piece carrying {@code trailers} (see {@link BodyChunk#trailers()}). */
    static BodyChunk of(ByteBuf buf, boolean endOfStream, HeaderMap trailers) {
        if (!buf.isReadable()) {
            return BodyChunk.of(List.of(), endOfStream, trailers);
        }
        return BodyChunk.of(Arrays.asList(buf.nioBuffers()), endOfStream, trailers);
    }

    /** A buffer over the bytes of {@code chunk} (what a filter put in place of a piece). */
    static ByteBuf wrap(BodyChunk chunk) {
        List<ByteBuffer> buffers = chunk.buffers();
        return buffers.isEmpty() ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(buffers.toArray(ByteBuffer[]::new));
    }
}
