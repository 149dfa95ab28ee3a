package io.jpraxis.bench.ws;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;

/**
 * Writes every data frame back as it is read, flushing once per read burst. While the echo
 * cannot be written (the client reads slower than it sends), reading stops, so memory stays
 * bounded and a proxy between sees back-pressure rather than a sink.
 */
final class EchoFrames extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof WebSocketFrame frame) {
            ctx.write(frame); // ping, pong and close were answered by the protocol handler
            if (!ctx.channel().isWritable()) {
                ctx.flush();
                ctx.channel().config().setAutoRead(false);
            }
        } else {
            ctx.fireChannelRead(msg);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        ctx.channel().config().setAutoRead(ctx.channel().isWritable());
        ctx.fireChannelWritabilityChanged();
    }
}
