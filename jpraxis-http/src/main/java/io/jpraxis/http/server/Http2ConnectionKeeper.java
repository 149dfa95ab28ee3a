package io.jpraxis.http.server;

import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.support.IdleDeadline;
import io.jpraxis.http.support.ThrottledWarning;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What is left of a client connection's own handling once it speaks HTTP/2 (it replaces {@link
 * Http1ServerHandler} at the switch): its place under the connection caps, its idle timeout, and
 * the graceful close on a drain. The streams are served by {@link Http2StreamHandler}; closing
 * goes through the frame codec, which sends GOAWAY and lets open streams finish. Confined to the
 * connection's event loop.
 */
final class Http2ConnectionKeeper extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(Http2ConnectionKeeper.class);
    /** A client can send a hostile frame on every connection it opens: one line per code per minute. */
    private static final ThrottledWarning CONNECTION_ERRORS = new ThrottledWarning(log, 60_000);

    private final ConnectionAdmission admission;
    private final EdgeMetrics metrics;
    private final long idleTimeoutMs;
    private ChannelHandlerContext ctx;
    private IdleDeadline idle;
    private boolean closing;

    /** @param idleTimeoutMs how long the connection may go without open streams and without frames */
    Http2ConnectionKeeper(ConnectionAdmission admission, EdgeMetrics metrics, long idleTimeoutMs) {
        this.admission = admission;
        this.metrics = metrics;
        this.idleTimeoutMs = idleTimeoutMs;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
        this.idle = new IdleDeadline(context.executor(), idleTimeoutMs, this::idleExpired);
        idle.start();
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object msg) {
        // Connection-level frames (SETTINGS, PING, GOAWAY) the codec already handled end here.
        ReferenceCountUtil.release(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext context) {
        idle.progress(); // frames arrived (stream frames went to the streams, past this handler)
        context.fireChannelReadComplete();
    }

    private void idleExpired() {
        if (closing) {
            return;
        }
        if (Http2Setup.hasOpenStreams(ctx.pipeline())) {
            idle.start(); // a long response without client frames is not idleness
            return;
        }
        log.debug("closing idle HTTP/2 connection from {}", ctx.channel().remoteAddress());
        close();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object event) {
        if (event == ConnectionRegistry.DRAIN) {
            close();
            return;
        }
        context.fireUserEventTriggered(event);
    }

    /** Graceful: the codec sends GOAWAY and lets open streams finish first. */
    private void close() {
        if (!closing) {
            closing = true;
            ctx.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        closing = true;
        idle.cancel();
        admission.release();
        context.fireChannelInactive();
    }

    /**
     * A connection error the frame codec found (a hostile or broken peer, RFC 9113 5.4.1) reaches
     * here just before the codec answers it with GOAWAY and closes ({@link Http2EdgeCodec}), so it
     * is only counted and logged. Closing here, as for other failures, made the codec send its
     * graceful GOAWAY(NO_ERROR) first, and the error's own code never went out.
     */
    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        Http2Exception protocolError = Http2CodecUtil.getEmbeddedHttp2Exception(cause);
        if (protocolError != null) {
            metrics.http2ConnectionError(protocolError.error());
            CONNECTION_ERRORS.warn(protocolError.error().name(), "HTTP/2 connection error {} from {}: {}",
                    protocolError.error(), context.channel().remoteAddress(), protocolError.getMessage());
            return;
        }
        if (cause instanceof IOException) {
            log.debug("client connection {} failed: {}", context.channel().remoteAddress(), cause.toString());
        } else {
            log.warn("client connection {} failed", context.channel().remoteAddress(), cause);
        }
        closing = true;
        context.close();
    }
}
