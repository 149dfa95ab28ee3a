package io.jpraxis.core.filter;

import io.jpraxis.core.http.HeaderMap;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A piece of a request or response body as a body hook sees it, independent of the transport:
 * read-only views of the bytes the edge holds, never copies. On the request side of a buffered
 * (pre-read) pipeline it is the whole body, with {@link #endOfStream()} set.
 *
 * <p>The views are valid only during the hook call: the edge reuses or frees the memory afterwards,
 * so a filter that wants to keep bytes copies them ({@link #toByteArray()}). A filter that declared
 * {@link BodyAccess#READ_WRITE} may {@link #replace} the piece; the edge then sends the replacement
 * in its place. Each hook call gets a view of its own ({@link #view()}), so the executor can tell
 * which filter replaced what.
 *
 * <p>The last piece of a response also carries the origin's trailer fields ({@link #trailers()}),
 * one map shared by every view of it: a {@link BodyAccess#READ_WRITE} filter may edit or empty it,
 * and the edge sends what is left (see docs/behaviour/body-access.md#trailers).
 */
public final class BodyChunk {
    private final List<ByteBuffer> buffers;
    private final boolean endOfStream;
    private final long length;
    /** Null on a piece that is not the last: only the last one has trailers. */
    private final HeaderMap trailers;
    private ByteBuffer replacement;

    private BodyChunk(List<ByteBuffer> buffers, boolean endOfStream, HeaderMap trailers) {
        this.buffers = buffers;
        this.endOfStream = endOfStream;
        this.trailers = endOfStream ? (trailers != null ? trailers : new HeaderMap(0)) : null;
        long n = 0;
        for (ByteBuffer b : buffers) {
            n += b.remaining();
        }
        this.length = n;
    }

    /** A piece made of {@code buffers} (read-only views are taken here; their positions are not moved). */
    public static BodyChunk of(List<ByteBuffer> buffers, boolean endOfStream) {
        return of(buffers, endOfStream, null);
    }

    /**
     * As {@link #of(List, boolean)}, the last piece carrying {@code trailers} (kept, not copied:
     * edits by filters land in it); null or ignored when the piece is not the last.
     */
    public static BodyChunk of(List<ByteBuffer> buffers, boolean endOfStream, HeaderMap trailers) {
        List<ByteBuffer> views = new ArrayList<>(buffers.size());
        for (ByteBuffer b : buffers) {
            if (b.hasRemaining()) {
                views.add(b.asReadOnlyBuffer());
            }
        }
        return new BodyChunk(List.copyOf(views), endOfStream, trailers);
    }

    /** A piece holding {@code bytes} (tests, local bodies). */
    public static BodyChunk of(byte[] bytes, boolean endOfStream) {
        return of(List.of(ByteBuffer.wrap(bytes)), endOfStream);
    }

    /** The empty last piece of a request without a body. */
    public static BodyChunk empty() {
        return new BodyChunk(List.of(), true, null);
    }

    /** Bytes in this piece. */
    public long length() {
        return length;
    }

    /** Whether this is the body's last piece. */
    public boolean endOfStream() {
        return endOfStream;
    }

    /**
     * The trailer fields that end the body: on the last piece of a response, what the origin sent
     * after it (empty when nothing), editable by a {@link BodyAccess#READ_WRITE} filter; on any other
     * piece, and on request bodies (whose trailers the edge drops), an empty map nobody reads.
     */
    public HeaderMap trailers() {
        return trailers != null ? trailers : new HeaderMap(0);
    }

    /** Fresh read-only views of the piece's bytes, in order; moving their positions changes nothing else. */
    public List<ByteBuffer> buffers() {
        List<ByteBuffer> out = new ArrayList<>(buffers.size());
        for (ByteBuffer b : buffers) {
            out.add(b.duplicate());
        }
        return out;
    }

    /** A stream over the piece's bytes, without copying them. */
    public InputStream inputStream() {
        return new ByteBuffersInputStream(buffers());
    }

    /** A copy of the piece's bytes. */
    public byte[] toByteArray() {
        if (length > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("body piece of " + length + " bytes does not fit an array");
        }
        byte[] out = new byte[(int) length];
        int at = 0;
        for (ByteBuffer b : buffers()) {
            int n = b.remaining();
            b.get(out, at, n);
            at += n;
        }
        return out;
    }

    /**
     * Replaces the piece's bytes with {@code bytes} (kept as they are, not copied). Only a filter
     * that declared {@link BodyAccess#READ_WRITE} for this direction may; for any other the
     * executor treats a replacement as a filter failure.
     */
    public void replace(ByteBuffer bytes) {
        this.replacement = bytes.asReadOnlyBuffer();
    }

    /** The bytes a filter put in place of the piece, or null when none did. */
    public ByteBuffer replacement() {
        return replacement == null ? null : replacement.duplicate();
    }

    /** A fresh view of the same bytes, without a replacement (one per hook call). */
    public BodyChunk view() {
        return new BodyChunk(buffers, endOfStream, trailers);
    }

    /** The piece made of what replaced this one (same end-of-stream flag); null when nothing did. */
    public BodyChunk replaced() {
        return replacement == null ? null : of(List.of(replacement), endOfStream, trailers);
    }
}
