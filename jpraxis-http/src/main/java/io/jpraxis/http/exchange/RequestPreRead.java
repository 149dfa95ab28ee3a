package io.jpraxis.http.exchange;

import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.pipeline.BodyVerdict;
import io.jpraxis.core.pipeline.RequestOutcome;
import io.jpraxis.http.error.EdgeError;
import io.jpraxis.http.support.IdleDeadline;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a whole request body before the request phase, for pipelines whose request body mode is
 * StreamBuffer (spec 4.4, pre-read), so body filters can influence routing, and runs their body
 * hooks over it. The pieces are kept as they arrived (a composite of the received buffers, no
 * copy), counted against the buffer's bound: one byte over it answers 413. Confined to the
 * exchange's event loop.
 */
final class RequestPreRead {
    private static final Logger log = LoggerFactory.getLogger(RequestPreRead.class);

    /** What the pre-read reports to its exchange; exactly one of these, once. */
    interface Owner {
        /** The body was read and the hooks let it through: {@code body} (owned by the receiver) goes upstream. */
        void bodyReady(ByteBuf body);

        /** A body hook refused the request, or failed closed: answer {@code outcome}. */
        void bodyStopped(RequestOutcome outcome);

        /** The body cannot be read or taken: answer {@code error} and close the connection. */
        void bodyFailed(EdgeError error);
    }

    private final Exchange exchange;
    private final Owner owner;
    private final long limit;
    private final IdleDeadline deadline;
    private CompositeByteBuf body = Unpooled.compositeBuffer(Integer.MAX_VALUE); // never consolidated (copied)
    private long bytes;

    RequestPreRead(Exchange exchange, Owner owner, long limit) {
        this.exchange = exchange;
        this.owner = owner;
        this.limit = limit;
        Long timeoutMs = exchange.listener().requestBodyTimeoutMs();
        this.deadline = timeoutMs == null ? null
                : new IdleDeadline(exchange.downstream().eventLoop(), timeoutMs, this::timedOut);
    }

    /** Asks the client for the body (answering {@code Expect: 100-continue} first, RFC 9110 10.1.1). */
    void start() {
        if (HttpUtil.is100ContinueExpected(exchange.request())) {
            exchange.downstream().write(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
            exchange.downstream().flush();
        }
        readMore();
    }

    /** A body piece; ownership passes to the pre-read. */
    void onContent(HttpContent content) {
        if (body == null) {
            content.release();
            return;
        }
        if (content.decoderResult().isFailure()) {
            content.release();
            fail(EdgeError.MALFORMED_BODY);
            return;
        }
        int n = content.content().readableBytes();
        bytes += n;
        if (bytes > limit) {
            content.release();
            exchange.listener().metrics().requestBodyLimitHit();
            log.debug("request {}: body over the {}-byte buffer of its pipeline", exchange.requestId(), limit);
            fail(EdgeError.REQUEST_BODY_TOO_LARGE);
            return;
        }
        if (n > 0) {
            body.addComponent(true, content.content().retain());
        }
        content.release();
        if (content instanceof LastHttpContent) {
            stopDeadline();
            CompositeByteBuf whole = body;
            body = null;
            runHooks(whole);
        } else {
            readMore();
        }
    }

    private void runHooks(CompositeByteBuf whole) {
        BodyChunk view = BodyViews.of(whole, true);
        BodyVerdict verdict;
        try {
            verdict = exchange.execution().runPreRead(view);
        } catch (RuntimeException e) {
            whole.release();
            log.error("pre-read body hooks failed for request {}", exchange.requestId(), e);
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
                    exchange.listener().metrics().requestBodyLimitHit();
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
        if (body != null) {
            body.release();
            body = null;
        }
    }

    private void readMore() {
        if (deadline != null) {
            deadline.start();
        }
        exchange.downstream().requestRead();
    }

    private void fail(EdgeError error) {
        close();
        owner.bodyFailed(error);
    }

    private void timedOut() {
        if (body != null) {
            log.debug("request {}: client body read timed out during pre-read", exchange.requestId());
            fail(EdgeError.REQUEST_BODY_TIMEOUT);
        }
    }

    private void stopDeadline() {
        if (deadline != null) {
            deadline.cancel();
        }
    }
}
