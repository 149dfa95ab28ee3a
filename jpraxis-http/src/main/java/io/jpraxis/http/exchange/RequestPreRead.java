package io.jpraxis.http.exchange;

import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.pipeline.execute.BodyVerdict;
import io.jpraxis.core.pipeline.execute.RequestOutcome;
import io.jpraxis.http.error.EdgeError;
import io.jpraxis.http.support.IdleDeadline;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a whole request body before it goes anywhere. For pipelines whose request body mode is
 * StreamBuffer (pre-read; see docs/behaviour/body-access.md#access-and-delivery-modes) this happens
 * before the request phase, so body filters can influence routing, and their body hooks then run
 * over it. A small body with a declared length ({@link #smallBodyLength}) is also read whole,
 * without hooks, after the request phase chose an upstream and before one is taken, so a client
 * that sends it slowly holds no upstream connection. The pieces are kept as they arrived, by the
 * exchange's {@link RequestPieces}, counted against the bound: one byte over it answers 413.
 * Silence between pieces longer than the listener's request body timeout answers 408. Confined to
 * the exchange's event loop.
 */
final class RequestPreRead {
    private static final Logger log = LoggerFactory.getLogger(RequestPreRead.class);
    /**
     * The largest declared body read whole before an upstream connection is taken: a client that
     * sends one slowly, or stops halfway, holds only its own connection, never an origin's, at a
     * cost of at most this much memory per request. Larger bodies stream.
     */
    static final long SMALL_BODY_MAX_BYTES = 64 * 1024;

    /** What the pre-read reports to its exchange; exactly one of these, once. */
    interface Owner {
        /** The body was read (and any hooks let it through): {@code body} (owned by the receiver) goes upstream. */
        void bodyReady(ByteBuf body);

        /** A body hook refused the request, or failed closed: answer {@code outcome}. */
        void bodyStopped(RequestOutcome outcome);

        /** The body cannot be read or taken: answer {@code error} and close the connection. */
        void bodyFailed(EdgeError error);
    }

    private final RequestInputs request;
    private final ClientSide client;
    private final Owner owner;
    private final long limit;
    private final boolean runHooks;
    private final IdleDeadline deadline;

    /**
     * @param limit the most body bytes taken (413 beyond)
     * @param runHooks whether the pipeline's pre-read body hooks run over the body once it is read
     */
    RequestPreRead(RequestInputs request, ClientSide client, Owner owner, long limit, boolean runHooks) {
        this.request = request;
        this.client = client;
        this.owner = owner;
        this.limit = limit;
        this.runHooks = runHooks;
        this.deadline = new IdleDeadline(request.loop(), request.listener().requestBodyTimeoutMs(), this::timedOut);
    }

    /**
     * The declared length of {@code request}'s body when it is small enough to read whole before
     * connecting, else -1: no body, a larger one, or one without a declared length (chunked, or
     * HTTP/2 without content-length), which streams.
     */
    static long smallBodyLength(HttpRequest request) {
        if (!request.decoderResult().isSuccess() || HttpUtil.isTransferEncodingChunked(request)) {
            return -1;
        }
        long declared = HttpUtil.getContentLength(request, -1L);
        return declared > 0 && declared <= SMALL_BODY_MAX_BYTES ? declared : -1;
    }

    /**
     * Asks the client for the body (the client side answers {@code Expect: 100-continue} first); a
     * declared length over the bound is refused before reading, and the unread body makes the
     * connection close.
     */
    void start() {
        if (HttpUtil.getContentLength(request.head(), -1L) > limit) {
            request.listener().metrics().requestBodyLimitHit();
            owner.bodyFailed(EdgeError.REQUEST_BODY_TOO_LARGE);
            return;
        }
        request.pieces().startWhole();
        readMore();
    }

    /** A body piece; ownership passes to the pre-read. */
    void onContent(HttpContent content) {
        RequestPieces pieces = request.pieces();
        if (!pieces.readingWhole()) {
            content.release();
            return;
        }
        if (content.decoderResult().isFailure()) {
            content.release();
            fail(EdgeError.MALFORMED_BODY);
            return;
        }
        if (pieces.wholeBytes() + content.content().readableBytes() > limit) {
            content.release();
            request.listener().metrics().requestBodyLimitHit();
            log.debug("request {}: body over the {}-byte buffer of its pipeline", request.requestId(), limit);
            fail(EdgeError.REQUEST_BODY_TOO_LARGE);
            return;
        }
        boolean last = content instanceof LastHttpContent;
        pieces.addToWhole(content);
        if (last) {
            stopDeadline();
            CompositeByteBuf whole = pieces.takeWhole();
            if (runHooks) {
                runHooks(whole);
            } else {
                owner.bodyReady(whole);
            }
        } else {
            readMore();
        }
    }

    private void runHooks(CompositeByteBuf whole) {
        BodyChunk view = BodyViews.of(whole, true);
        BodyVerdict verdict;
        try {
            verdict = request.execution().runPreRead(view);
        } catch (RuntimeException e) {
            whole.release();
            log.error("pre-read body hooks failed for request {}", request.requestId(), e);
            owner.bodyFailed(EdgeError.INTERNAL);
            return;
        }
        switch (verdict) {
            case BodyVerdict.Pass pass -> {
                if (pass.body() == view) {
                    owner.bodyReady(whole);
                    return;
                }
                // A READ_WRITE filter rewrote the body; the rewrite must still fit the buffer.
                ByteBuf rewritten = BodyViews.wrap(pass.body());
                whole.release();
                if (rewritten.readableBytes() > limit) {
                    rewritten.release();
                    request.listener().metrics().requestBodyLimitHit();
                    owner.bodyFailed(EdgeError.REQUEST_BODY_TOO_LARGE);
                    return;
                }
                owner.bodyReady(rewritten);
            }
            case BodyVerdict.Stop stop -> {
                whole.release();
                owner.bodyStopped(stop.outcome());
            }
        }
    }

    /** The exchange ended: drops what was read. */
    void close() {
        stopDeadline();
        request.pieces().dropWhole();
    }

    private void readMore() {
        deadline.start();
        client.readBody();
    }

    private void fail(EdgeError error) {
        close();
        owner.bodyFailed(error);
    }

    private void timedOut() {
        if (request.pieces().readingWhole()) {
            request.listener().metrics().requestBodyTimeout();
            log.debug("request {}: no request body bytes for {} ms while reading it whole; answering 408",
                    request.requestId(), request.listener().requestBodyTimeoutMs());
            fail(EdgeError.REQUEST_BODY_TIMEOUT);
        }
    }

    private void stopDeadline() {
        deadline.cancel();
    }
}
