package io.jpraxis.http.exchange;

import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.pipeline.execute.BodyVerdict;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.core.pipeline.execute.RequestOutcome;
import io.jpraxis.http.error.EdgeError;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.support.IdleDeadline;
import io.jpraxis.http.upstream.UpstreamStream;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client-to-origin half of a {@link ProxyExchange}: relays the request body piece by piece,
 * reading the client only while the upstream can take more, counting bytes against the
 * pipeline's request limit ({@code max_request_bytes} unless a body filter's buffer is smaller),
 * passing each piece through the streaming request-body hooks of filters that ran (when the
 * pipeline has any), keeping the copy a retry replays (in {@link RequestPieces}), and timing the
 * client's silence between pieces (the listener's request body timeout: 408 before the response
 * began, a cut after).
 * Confined to the exchange's event loop.
 */
final class RequestBodyRelay {
    private static final Logger log = LoggerFactory.getLogger(RequestBodyRelay.class);

    /** What the relay needs from the exchange that owns it. */
    interface Owner {
        /** Whether {@code stream} is still the live stream of an exchange that has not ended. */
        boolean live(UpstreamStream stream);

        /** Ends the exchange early with {@code status} (or an abort once the response began). */
        void abandon(int status, String reason);
    }

    private final RequestInputs request;
    private final ClientSide client;
    private final Owner owner;
    private final EdgeMetrics metrics;
    /** Where pieces wait for a stream, and the copy a retry replays. */
    private final RequestPieces pieces;
    private final Long maxRequestBytes;
    /** The execution whose request-body hooks each piece passes, or null when it has none to run. */
    private final PipelineExecution hooks;
    private final IdleDeadline bodyDeadline;
    private UpstreamStream stream;
    private long requestBytes;
    private boolean forwarded;
    private boolean awaitingUpstreamWritable;

    RequestBodyRelay(RequestInputs request, ClientSide client, Owner owner, long replayLimitBytes) {
        this.request = request;
        this.client = client;
        this.owner = owner;
        this.metrics = request.listener().metrics();
        this.pieces = request.pieces();
        pieces.keepForReplay(replayLimitBytes);
        PipelineExecution execution = request.execution();
        this.maxRequestBytes = execution.bodyPlan().requestLimit();
        this.hooks = execution.bodyPlan().streamsRequestHooks() ? execution : null;
        this.bodyDeadline = new IdleDeadline(request.loop(), request.listener().requestBodyTimeoutMs(), this::timedOut);
    }

    /**
     * Refuses a body whose declared length is over the request limit before any upstream work (and
     * before it is read); the unread body makes the connection close (see
     * docs/behaviour/body-access.md#access-and-delivery-modes).
     *
     * @return false when the exchange was answered
     */
    boolean admitsDeclaredBody() {
        long declared = HttpUtil.getContentLength(request.head(), -1L);
        if (maxRequestBytes != null && declared > maxRequestBytes) {
            metrics.requestBodyLimitHit();
            owner.abandon(EdgeError.REQUEST_BODY_TOO_LARGE.status(), EdgeError.REQUEST_BODY_TOO_LARGE.reason());
            return false;
        }
        return true;
    }

    /**
     * Sends the body to a newly acquired stream whose head is written: the kept copy of what an
     * earlier attempt relayed, then the pieces that arrived while connecting.
     *
     * @return false when the stream failed or the exchange ended on the way
     */
    boolean sendTo(UpstreamStream acquired) {
        stream = acquired;
        List<HttpContent> copies = pieces.replayCopies();
        for (int i = 0; i < copies.size(); i++) {
            HttpContent piece = copies.get(i);
            acquired.write(piece);
            if (!owner.live(acquired)) {
                copies.subList(i + 1, copies.size()).forEach(HttpContent::release);
                return false;
            }
            if (piece instanceof LastHttpContent) {
                forwarded = true;
                acquired.requestSent();
            }
        }
        HttpContent early;
        while (owner.live(acquired) && (early = pieces.poll()) != null) {
            relay(early);
        }
        return owner.live(acquired);
    }

    /** Starts pulling the client's body, once the stream is ready for it. */
    void startReading() {
        if (!forwarded) {
            readMore();
        }
    }

    /** A body piece from the client; ownership passes to the relay. */
    void onContent(HttpContent content) {
        UpstreamStream current = stream;
        relay(content);
        if (!owner.live(current)) {
            return;
        }
        current.flush();
        if (!forwarded) {
            if (current.isWritable()) {
                readMore();
            } else {
                awaitingUpstreamWritable = true; // resumed by onUpstreamWritable
                stopDeadline();
            }
        }
    }

    void onUpstreamWritable() {
        if (awaitingUpstreamWritable) {
            awaitingUpstreamWritable = false;
            readMore();
        }
    }

    /** Whether the whole body has been written to the current stream. */
    boolean forwarded() {
        return forwarded;
    }

    /** Whether everything relayed so far is still kept, so the request may be sent again. */
    boolean replayable() {
        return pieces.replayable();
    }

    /** An answer arrived: nothing will be retried, so the kept copy can go. */
    void answered() {
        pieces.dropReplay();
    }

    /** The stream failed and another will be tried: the body waits in {@link RequestPieces} until it exists. */
    void detach() {
        stream = null;
        forwarded = false;
        awaitingUpstreamWritable = false;
        stopDeadline();
    }

    /** The exchange ended: stops the timer and frees the kept copy. */
    void close() {
        stopDeadline();
        pieces.dropReplay();
    }

    private void readMore() {
        bodyDeadline.start(); // counts only while the gateway waits for the client, never while the origin is slow
        client.readBody(); // the first ask answers Expect: 100-continue
    }

    private void relay(HttpContent content) {
        if (content.decoderResult().isFailure()) {
            content.release();
            owner.abandon(EdgeError.MALFORMED_BODY.status(), EdgeError.MALFORMED_BODY.reason());
            return;
        }
        requestBytes += content.content().readableBytes();
        if (maxRequestBytes != null && requestBytes > maxRequestBytes) {
            content.release();
            metrics.requestBodyLimitHit();
            owner.abandon(EdgeError.REQUEST_BODY_TOO_LARGE.status(), EdgeError.REQUEST_BODY_TOO_LARGE.reason());
            return;
        }
        pieces.noteOriginalBytes(requestBytes); // before the hooks may change the piece
        boolean last = content instanceof LastHttpContent;
        if (content instanceof LastHttpContent end && !end.trailingHeaders().isEmpty()) {
            // A client's copy of an owned header is no more allowed after the body than in the head
            // (see docs/behaviour/routing-headers.md#headers-a-filter-owns).
            request.execution().ownedRequestHeaders().forEach(end.trailingHeaders()::remove);
        }
        if (hooks != null) {
            content = throughHooks(content, last);
            if (content == null) {
                return;
            }
        }
        UpstreamStream current = stream;
        pieces.keep(content); // before the write, which may release the buffer at once
        current.write(content);
        if (!owner.live(current)) {
            return; // the write failed at once and the failure has been handled
        }
        if (last) {
            forwarded = true;
            stopDeadline();
            current.requestSent();
        }
    }

    /**
     * Runs the piece through the request-body hooks (once: a retry replays what they left). Null
     * when a hook refused it and the exchange was abandoned.
     */
    private HttpContent throughHooks(HttpContent content, boolean last) {
        BodyChunk piece = BodyViews.of(content.content(), last);
        switch (hooks.runRequestBody(piece)) {
            case BodyVerdict.Pass pass -> {
                if (pass.body() == piece) {
                    return content;
                }
                HttpContent rewritten = content.replace(BodyViews.wrap(pass.body()));
                content.release();
                return rewritten;
            }
            case BodyVerdict.Stop stop -> {
                content.release();
                log.debug("request {}: a request-body filter stopped the body", request.requestId());
                switch (stop.outcome()) {
                    case RequestOutcome.Reject r -> owner.abandon(r.status(), r.reason());
                    case RequestOutcome.Respond r -> owner.abandon(r.response().status(), "request body refused");
                    case RequestOutcome.Forward f -> owner.abandon(500, EdgeError.INTERNAL.reason());
                    case RequestOutcome.NoUpstream n -> owner.abandon(500, EdgeError.INTERNAL.reason());
                }
                return null;
            }
        }
    }

    private void timedOut() {
        metrics.requestBodyTimeout();
        log.debug("request {}: no request body bytes for {} ms; ending the exchange", request.requestId(),
                request.listener().requestBodyTimeoutMs());
        owner.abandon(EdgeError.REQUEST_BODY_TIMEOUT.status(), EdgeError.REQUEST_BODY_TIMEOUT.reason());
    }

    private void stopDeadline() {
        bodyDeadline.cancel();
    }
}
