package io.jpraxis.http.server;

import io.jpraxis.http.exchange.ListenerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.flow.FlowControlHandler;

/**
 * Builds the pipeline of one HTTP/2 stream: frames become the same HTTP objects an HTTP/1
 * connection decodes, so the exchange, pipeline and proxy run unchanged. The stream reads only
 * when its exchange asks; Netty returns receive window to the client as the stream reads, so an
 * upload moves only as fast as the upstream takes it.
 */
final class Http2StreamInitializer extends ChannelInitializer<Http2StreamChannel> {
    private final ListenerContext listener;
    private final ConnectionRegistry registry;

    Http2StreamInitializer(ListenerContext listener, ConnectionRegistry registry) {
        this.listener = listener;
        this.registry = registry;
    }

    @Override
    protected void initChannel(Http2StreamChannel stream) {
        stream.config().setAutoRead(false);
        stream.pipeline().addLast("h2-http", new Http2StreamFrameToHttpObjectCodec(true, true));
        stream.pipeline().addLast("flow", new FlowControlHandler());
        stream.pipeline().addLast("stream", new Http2StreamHandler(listener, registry));
    }
}
