package io.jpraxis.filters.iterative;

import io.jpraxis.core.http.BodySink;
import io.jpraxis.core.http.BodyStream;
import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The body of the step answer the client's response was committed to (see
 * docs/behaviour/iterative-router.md#streamed-answers): relays the step's sub-response body as the
 * client pulls it, stops it at {@code max_stream_response_bytes} (what got through is a truncated
 * body, so the stream ends as a failure), logs a failure after the commit (never retried: the
 * client already has the head) and reports the bytes once the body is over.
 */
final class StreamedStepAnswer implements BodyStream {
    private static final Logger log = LoggerFactory.getLogger(StreamedStepAnswer.class);

    private final BodyStream upstream;
    private final String requestId;
    private final String step;
    private final long cap;
    private final Ended ended;
    private long bytes;
    private boolean over;
    private boolean truncated;

    /** Told once how the body ended: its bytes relayed, and whether it ended cleanly. */
    interface Ended {
        void ended(long bytes, boolean clean);
    }

    /** @param cap {@code max_stream_response_bytes}, or {@link Long#MAX_VALUE} for none */
    StreamedStepAnswer(BodyStream upstream, String requestId, String step, long cap, Ended ended) {
        this.upstream = upstream;
        this.requestId = requestId;
        this.step = step;
        this.cap = cap;
        this.ended = ended;
    }

    @Override
    public void pull(BodySink sink) {
        if (over) {
            sink.failed("the stream is over");
            return;
        }
        if (truncated) {
            capped(sink);
            return;
        }
        upstream.pull(new BodySink() {
            @Override
            public void piece(byte[] piece) {
                if (bytes + piece.length > cap) {
                    if (bytes >= cap) {
                        capped(sink); // an answer of exactly the cap still ends cleanly; one byte more does not
                        return;
                    }
                    // The part that fits goes out; the next pull ends the stream.
                    byte[] fits = Arrays.copyOf(piece, (int) (cap - bytes));
                    bytes = cap;
                    truncated = true;
                    sink.piece(fits);
                    return;
                }
                bytes += piece.length;
                sink.piece(piece);
            }

            @Override
            public void end() {
                finish(true);
                sink.end();
            }

            @Override
            public void failed(String detail) {
                log.warn("request {}: step '{}' failed after its answer was committed to the client ({} body bytes "
                        + "sent): {}; the client's response is cut, not retried", requestId, step, bytes, detail);
                finish(false);
                sink.failed(detail);
            }
        });
    }

    private void capped(BodySink sink) {
        log.warn("request {}: step '{}' streamed answer reached max_stream_response_bytes ({}); the client's "
                + "response is cut", requestId, step, cap);
        upstream.cancel();
        finish(false);
        sink.failed("max_stream_response_bytes (" + cap + ") reached");
    }

    @Override
    public void cancel() {
        if (!over) {
            upstream.cancel();
            finish(false);
        }
    }

    private void finish(boolean clean) {
        if (!over) {
            over = true;
            ended.ended(bytes, clean);
        }
    }
}
