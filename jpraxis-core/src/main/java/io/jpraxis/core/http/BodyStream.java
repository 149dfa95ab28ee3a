package io.jpraxis.core.http;

import java.util.Optional;

/**
 * A response body that arrives in pieces and is delivered one piece per {@link #pull}: the
 * consumer's pace is the source's, so a slow client slows the origin instead of filling memory
 * (see docs/behaviour/iterative-router.md#streamed-answers). A source answers each pull with one
 * {@link BodySink} call, at once or later, on the thread its own events run on (the HTTP edge's
 * sources answer on the event loop of the request they serve). Not thread-safe: one consumer
 * pulls, and pulls again only after the previous pull was answered.
 */
public interface BodyStream {

    /** Asks for the next piece; {@code sink} gets exactly one call for it. */
    void pull(BodySink sink);

    /** The consumer wants no more: the source lets go of what it holds; no sink call follows. */
    void cancel();

    /** The whole body when the source already holds all of it (nothing streams), else empty. */
    default Optional<byte[]> whole() {
        return Optional.empty();
    }

    /** A body already in hand, delivered as one piece. */
    static BodyStream of(byte[] body) {
        return new BodyStream() {
            private boolean delivered;

            @Override
            public void pull(BodySink sink) {
                if (delivered || body.length == 0) {
                    sink.end();
                    return;
                }
                delivered = true;
                sink.piece(body);
            }

            @Override
            public void cancel() {
                delivered = true;
            }

            @Override
            public Optional<byte[]> whole() {
                return Optional.of(body);
            }
        };
    }
}
