package io.jpraxis.http.server;

import io.jpraxis.http.support.IdleDeadline;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
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

    private final ConnectionAdmission admission;
    private final long idleTimeoutMs;
    private ChannelHandlerContext ctx;
    private IdleDeadline idle;
    private boolean closing;

    /** @param idleTimeoutMs how long the connection may go without open streams and without frames */
    Http2ConnectionKeeper(ConnectionAdmission admission, long idleTimeoutMs) {
        this.admission = admission;
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

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        if (cause instanceof IOException) {
            log.debug("client connection {} failed: {}", context.channel().remoteAddress(), cause.toString());
        } else {
            log.warn("client connection {} failed", context.channel().remoteAddress(), cause);
        }
        closing = true;
        context.close();
    }
}
