package io.jpraxis.http.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/**
 * The request body an exchange holds until its upstream takes it: the read-ahead's one or two
 * pieces, or a body read whole ({@link RequestPreRead}) as one piece. A pre-read body goes upstream
 * with its exact length; a small body read whole keeps the client's own, which is as exact.
 * Confined to the exchange's event loop.
 */
final class PendingBody {
    private final ArrayDeque<HttpContent> pieces = new ArrayDeque<>(2);
    /** The length of a pre-read body as it goes upstream (so its framing is a Content-Length), or null. */
    private Long exactLength;

    /** A piece that arrived before the upstream was ready; ownership passes here. */
    void add(HttpContent piece) {
        pieces.add(piece);
    }

    /** A whole body (ownership passes here); {@code preRead} when it was read before the request phase. */
    void addWhole(ByteBuf body, boolean preRead) {
        if (preRead) {
            exactLength = (long) body.readableBytes();
        }
        pieces.add(new DefaultLastHttpContent(body));
    }

    /** Replaces a pre-read body with {@code rewritten}; nothing changes when no body was pre-read. */
    void replacePreRead(ByteBuffer rewritten) {
        if (exactLength != null) {
            release(); // after a pre-read it holds exactly the body read
            addWhole(Unpooled.wrappedBuffer(rewritten), true);
        }
    }

    /** The exact length of a pre-read body as it goes upstream, or null when the body streams. */
    Long exactLength() {
        return exactLength;
    }

    /** The oldest piece (the caller owns it), or null. */
    HttpContent poll() {
        return pieces.poll();
    }

    void release() {
        HttpContent c;
        while ((c = pieces.poll()) != null) {
            c.release();
        }
    }
}
