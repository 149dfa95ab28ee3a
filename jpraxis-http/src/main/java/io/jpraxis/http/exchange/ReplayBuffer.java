package io.jpraxis.http.exchange;

import io.netty.handler.codec.http.HttpContent;
import java.util.ArrayList;
import java.util.List;

/**
 * The request body pieces already sent upstream, kept so a retry can send them again, up to
 * {@code retry_body_limit_bytes} (spec 1.5). Past the limit everything is dropped and the
 * request can no longer be retried. Pieces are retained duplicates, so the kept bytes are the
 * very buffers that were relayed, never copies.
 */
final class ReplayBuffer {
    private final long limitBytes;
    /** Null until the first piece: a first attempt reads it empty on every request. */
    private List<HttpContent> kept;
    private long keptBytes;
    private boolean overflowed;

    /** @param limitBytes the most body bytes kept; negative keeps nothing (retries are off) */
    ReplayBuffer(long limitBytes) {
        this.limitBytes = limitBytes;
        this.overflowed = limitBytes < 0;
    }

    /** Keeps a duplicate of {@code content} before it is relayed, or gives up past the limit. */
    void keep(HttpContent content) {
        if (overflowed) {
            return;
        }
        keptBytes += content.content().readableBytes();
        if (keptBytes > limitBytes) {
            discard();
            return;
        }
        if (kept == null) {
            kept = new ArrayList<>(2);
        }
        kept.add(content.retainedDuplicate());
    }

    /** Whether everything relayed so far is kept (a retry may go ahead). */
    boolean intact() {
        return !overflowed;
    }

    /** Fresh retained duplicates of the kept pieces, in order; the caller owns them. */
    List<HttpContent> duplicates() {
        if (kept == null) {
            return List.of();
        }
        List<HttpContent> out = new ArrayList<>(kept.size());
        for (HttpContent c : kept) {
            out.add(c.retainedDuplicate());
        }
        return out;
    }

    /** Releases the kept pieces once no retry can need them; the request is no longer replayable. */
    void discard() {
        overflowed = true;
        if (kept != null) {
            kept.forEach(HttpContent::release);
            kept = null;
        }
    }
}
