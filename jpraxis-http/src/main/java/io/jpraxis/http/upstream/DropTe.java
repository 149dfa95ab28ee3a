package io.jpraxis.http.upstream;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;

/**
 * Takes {@code TE} off request heads on an {@code auto} cluster's HTTP/1.1 connection: the exchange
 * writes {@code te: trailers} for an HTTP/2 leg (see docs/behaviour/upstream-http2.md#trailers), and
 * on HTTP/1.1 the field is hop-by-hop and would need a matching {@code Connection} option.
 */
final class DropTe extends ChannelOutboundHandlerAdapter {
    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpRequest head) {
            head.headers().remove(HttpHeaderNames.TE);
        }
        ctx.write(msg, promise);
    }

    @Override
    public boolean isSharable() {
        return true;
    }
}
