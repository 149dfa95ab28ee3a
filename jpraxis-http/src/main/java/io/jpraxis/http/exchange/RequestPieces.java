package io.jpraxis.http.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Every request body piece an exchange holds, in one place, so each is released exactly once:
 * <ul>
 *   <li>waiting: pieces read before the upstream can take them (the read-ahead's one or two, or a
 *       body read whole as one piece), handed out in order by {@link #poll()};</li>
 *   <li>a body being read whole ({@link RequestPreRead}), kept as the received buffers (a
 *       composite, never consolidated, so no copy) and counted against its bound;</li>
 *   <li>the replay copy: retained duplicates of the pieces already sent upstream, kept so a retry
 *       can send them again, up to {@code retry_body_limit_bytes}; past the limit it is dropped
 *       and the request can no longer be retried.</li>
 * </ul>
 * A body read whole before the request phase goes upstream with its exact length; a small body
 * read whole after it keeps the client's own length, which is as exact. {@link #release()} frees
 * whatever is still held when the exchange ends. Confined to the exchange's event loop.
 */
final class RequestPieces {
    private final ArrayDeque<HttpContent> waiting = new ArrayDeque<>(2);
    /** The length of a body read before the request phase as it goes upstream (its framing is a Content-Length), or null. */
    private Long exactLength;
    /** The body being read whole, or null when none is. */
    private CompositeByteBuf whole;
    private long wholeBytes;
    /** Null until the first piece is kept: a first attempt reads it empty on every request. */
    private List<HttpContent> kept;
    private long keptBytes;
    private long replayLimitBytes;
    /**
     * The most bytes of the client's own body seen before filters changed them: a retry needs
     * both the original and the rewritten body within the limit (see
     * docs/behaviour/retries.md#what-is-retried).
     */
    private long originalBytes;
    /** True while nothing is kept for a retry: before {@link #keepForReplay(long)}, past the limit, after an answer. */
    private boolean replayLost = true;

    // ---- waiting for the upstream ----

    /** A piece that arrived before the upstream was ready; ownership passes here. */
    void add(HttpContent piece) {
        waiting.add(piece);
    }

    /** A whole body (ownership passes here); {@code preRead} when it was read before the request phase. */
    void addWhole(ByteBuf body, boolean preRead) {
        if (preRead) {
            exactLength = (long) body.readableBytes();
        }
        waiting.add(new DefaultLastHttpContent(body));
    }

    /** Replaces a body read before the request phase with {@code rewritten}; nothing changes when none was. */
    void replacePreRead(ByteBuffer rewritten) {
        if (exactLength != null) {
            noteOriginalBytes(exactLength);
            releaseWaiting(); // after a pre-read it holds exactly the body read
            addWhole(Unpooled.wrappedBuffer(rewritten), true);
        }
    }

    /**
     * Holds {@code body} (ownership passes here) as the whole body the next attempt resends with
     * its exact length, in place of everything held: a failover to another entry, whose body differs
     * (see docs/behaviour/model-failover.md#how-an-attempt-fails-over). It is kept as the replay
     * copy, so a retry of that entry resends it too.
     */
    void resendWhole(ByteBuf body) {
        releaseWaiting();
        dropReplay();
        exactLength = (long) body.readableBytes();
        kept = new ArrayList<>(1);
        kept.add(new DefaultLastHttpContent(body));
        keptBytes = body.readableBytes();
        replayLost = false;
    }

    /** The exact length of a body read before the request phase as it goes upstream, or null when the body streams. */
    Long exactLength() {
        return exactLength;
    }

    /** The oldest waiting piece (the caller owns it), or null. */
    HttpContent poll() {
        return waiting.poll();
    }

    // ---- a body read whole ----

    /** Begins reading a body whole. */
    void startWhole() {
        whole = Unpooled.compositeBuffer(Integer.MAX_VALUE); // never consolidated (copied)
        wholeBytes = 0;
    }

    /** Whether a body is being read whole. */
    boolean readingWhole() {
        return whole != null;
    }

    /** The bytes of the body being read whole, so far. */
    long wholeBytes() {
        return wholeBytes;
    }

    /** Adds {@code content}'s bytes to the body being read whole; ownership of the piece passes here. */
    void addToWhole(HttpContent content) {
        int n = content.content().readableBytes();
        wholeBytes += n;
        if (n > 0) {
            whole.addComponent(true, content.content().retain());
        }
        content.release();
    }

    /** The body read whole (the caller owns it); nothing is read whole any more. */
    CompositeByteBuf takeWhole() {
        CompositeByteBuf out = whole;
        whole = null;
        return out;
    }

    /** Drops the body being read whole, if any. */
    void dropWhole() {
        if (whole != null) {
            whole.release();
            whole = null;
        }
    }

    // ---- the replay copy ----

    /** From now on, keeps up to {@code limitBytes} of what is sent upstream; negative keeps nothing (retries are off). */
    void keepForReplay(long limitBytes) {
        replayLimitBytes = limitBytes;
        replayLost = limitBytes < 0 || originalBytes > limitBytes;
    }

    /** The client's body has reached {@code total} bytes before the filters; past the limit nothing is replayed. */
    void noteOriginalBytes(long total) {
        originalBytes = Math.max(originalBytes, total);
        if (!replayLost && originalBytes > replayLimitBytes) {
            dropReplay();
        }
    }

    /** Keeps a duplicate of {@code content} before it is relayed, or gives up past the limit. */
    void keep(HttpContent content) {
        if (replayLost) {
            return;
        }
        keptBytes += content.content().readableBytes();
        if (keptBytes > replayLimitBytes) {
            dropReplay();
            return;
        }
        if (kept == null) {
            kept = new ArrayList<>(2);
        }
        kept.add(content.retainedDuplicate());
    }

    /** Whether everything relayed so far is kept (a retry may go ahead). */
    boolean replayable() {
        return !replayLost;
    }

    /** Fresh retained duplicates of the kept pieces, in order; the caller owns them. */
    List<HttpContent> replayCopies() {
        if (kept == null) {
            return List.of();
        }
        List<HttpContent> out = new ArrayList<>(kept.size());
        for (HttpContent c : kept) {
            out.add(c.retainedDuplicate());
        }
        return out;
    }

    /** Releases the kept copy once no retry can need it; the request is no longer replayable. */
    void dropReplay() {
        replayLost = true;
        if (kept != null) {
            kept.forEach(HttpContent::release);
            kept = null;
        }
    }

    // ---- the end ----

    /** The exchange is over: frees every piece still held (each exactly once; calling again frees nothing). */
    void release() {
        releaseWaiting();
        dropWhole();
        dropReplay();
    }

    private void releaseWaiting() {
        HttpContent c;
        while ((c = waiting.poll()) != null) {
            c.release();
        }
    }
}
