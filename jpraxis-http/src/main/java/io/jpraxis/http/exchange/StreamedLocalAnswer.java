package io.jpraxis.http.exchange;

import io.jpraxis.core.http.BodySink;
import io.jpraxis.core.http.BodyStream;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.DefaultHttpContent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Relays the body of a streamed local answer (an iterative request router's step answer; see
 * docs/behaviour/iterative-router.md#streamed-answers) to the client once its head went out: one
 * piece per pull, the next pull only while the client keeps up (else on {@link #onWritable}), so
 * the origin is read at the client's pace and nothing piles up. A clean end completes the
 * response; a failure cuts it (HTTP/1.1: the connection closes without the last chunk; HTTP/2:
 * the stream is reset). Confined to the exchange's event loop: a source answering elsewhere is
 * hopped back.
 */
final class StreamedLocalAnswer implements BodySink {
    private static final Logger log = LoggerFactory.getLogger(StreamedLocalAnswer.class);

    /** What the answer tells its exchange when it is over. */
    interface Ending {
        /** The body ended cleanly after {@code bytes}: the exchange sends the last piece, keeping the connection if it may. */
        void completed(long bytes, boolean keepAlive);

        /** The body broke after {@code bytes}: the exchange cuts the response. */
        void cut(long bytes);
    }

    private final BodyStream body;
    private final ClientSide client;
    private final EventLoop loop;
    private final String requestId;
    private final boolean keepAlive;
    private final Ending ending;
    private long bytes;
    private boolean waitingForClient;
    private boolean pulling;
    private boolean again;
    private boolean over;

    /** @param keepAlive whether the connection may serve another request once the answer completes */
    StreamedLocalAnswer(BodyStream body, ClientSide client, EventLoop loop, String requestId, boolean keepAlive,
            Ending ending) {
        this.body = body;
        this.client = client;
        this.loop = loop;
        this.requestId = requestId;
        this.keepAlive = keepAlive;
        this.ending = ending;
    }

    /** Starts relaying; the head is already queued. */
    void start() {
        client.flush(); // the client learns the status now, whatever the first piece waits for
        pull();
    }

    /**
     * Pulls until a pull is left waiting. A source that answers inside {@code pull} would otherwise
     * recurse once per piece; the loop here keeps the stack flat.
     */
    private void pull() {
        if (pulling) {
            again = true;
            return;
        }
        pulling = true;
        try {
            do {
                again = false;
                body.pull(this);
            } while (again && !over && !waitingForClient);
        } finally {
            pulling = false;
        }
    }

    /** The client drained its buffer: relaying goes on. */
    void onWritable() {
        if (waitingForClient && !over) {
            waitingForClient = false;
            pull();
        }
    }

    /** The client went away: the source is let go. */
    void onClientGone() {
        if (!over) {
            over = true;
            body.cancel();
        }
    }

    @Override
    public void piece(byte[] piece) {
        if (!loop.inEventLoop()) {
            loop.execute(() -> piece(piece));
            return;
        }
        if (over) {
            return;
        }
        bytes += piece.length;
        client.sendBody(new DefaultHttpContent(Unpooled.wrappedBuffer(piece)));
        client.flush(); // a streamed answer (SSE) is read as it comes: each piece goes now
        if (client.writable()) {
            pull();
        } else {
            waitingForClient = true;
        }
    }

    @Override
    public void end() {
        if (!loop.inEventLoop()) {
            loop.execute(this::end);
            return;
        }
        if (over) {
            return;
        }
        over = true;
        ending.completed(bytes, keepAlive);
    }

    @Override
    public void failed(String detail) {
        if (!loop.inEventLoop()) {
            loop.execute(() -> failed(detail));
            return;
        }
        if (over) {
            return;
        }
        over = true;
        log.debug("request {}: streamed answer cut after {} body bytes: {}", requestId, bytes, detail);
        ending.cut(bytes);
    }

    /**
     * Lets go of the body of a bodiless answer (204, 304): its source is read to its (empty) end,
     * so its connection can serve again; a body it should not have had is cancelled.
     */
    static void discard(BodyStream body) {
        body.pull(new BodySink() {
            @Override
            public void piece(byte[] bytes) {
                body.cancel();
            }

            @Override
            public void end() {
            }

            @Override
            public void failed(String detail) {
            }
        });
    }
}
