package io.jpraxis.http.exchange;

import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.support.IdleDeadline;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The origin's response body on its way to the client: counted against the pipeline's response
 * limit, then through the response body hooks and withheld while the response buffers (see
 * docs/behaviour/body-access.md#access-and-delivery-modes). The head is already out when a piece
 * arrives, so a piece over the limit or refused by a hook can only cut the response. It also times
 * a client that stops reading (the send timeout). Confined to the exchange's event loop.
 */
final class ResponseFlow {
    private static final Logger log = LoggerFactory.getLogger(ResponseFlow.class);

    private final RequestInputs request;
    private final EdgeMetrics metrics;
    private final Long maxBytes;
    /** Null when the pipeline has neither body hooks nor withholding. */
    private final ResponseBodyHooks hooks;
    /** Reused for the common case of one piece out for one piece in. */
    private final HttpContent[] single = new HttpContent[1];
    private long bytes;
    private String refusal;
    /** Times the client's silence while the relay waits for it to read; made on first need. */
    private IdleDeadline sendDeadline;

    ResponseFlow(RequestInputs request) {
        this.request = request;
        this.metrics = request.listener().metrics();
        this.maxBytes = request.execution().bodyPlan().responseLimit();
        this.hooks = ResponseBodyHooks.of(request.execution());
    }

    /**
     * The pieces to send for {@code content} (ownership passes to the caller; valid until the next
     * call), or null when the response must be cut ({@link #refusal()} says why; the piece is released).
     */
    HttpContent[] accept(HttpContent content) {
        bytes += content.content().readableBytes();
        if (maxBytes != null && bytes > maxBytes) {
            content.release();
            metrics.responseBodyLimitHit();
            log.debug("request {}: response body over {} bytes; aborting", request.requestId(), maxBytes);
            refusal = "upstream response too large";
            return null;
        }
        if (hooks == null) {
            single[0] = content;
            return single;
        }
        HttpContent[] out = hooks.onPiece(content, content instanceof LastHttpContent);
        if (out == null) {
            // A body hook's refusal (or closed failure).
            log.debug("request {}: a response-body filter stopped the response; aborting", request.requestId());
            refusal = "response refused by a body filter";
        }
        return out;
    }

    /** Why the last {@link #accept} returned null. */
    String refusal() {
        return refusal;
    }

    /** Response body bytes received from the origin so far. */
    long bytes() {
        return bytes;
    }

    /** The client fell behind: its silence is timed (the send timeout), and {@code onSilent} runs when it lasts. */
    void clientBehind(Runnable onSilent) {
        if (sendDeadline == null) {
            sendDeadline = new IdleDeadline(request.loop(), request.listener().sendTimeoutMs(), onSilent);
        }
        sendDeadline.start();
    }

    /** The client read again: its silence is no longer timed. */
    void clientCaughtUp() {
        if (sendDeadline != null) {
            sendDeadline.stop();
        }
    }

    void close() {
        if (sendDeadline != null) {
            sendDeadline.cancel();
        }
        if (hooks != null) {
            hooks.close();
        }
    }
}
