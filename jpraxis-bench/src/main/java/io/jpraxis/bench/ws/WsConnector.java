package io.jpraxis.bench.ws;

import io.jpraxis.http.server.Transport;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Opens WebSocket client connections to one {@code ws://} URL on one event loop, each with the
 * handler {@code handlers} makes, which starts when it sees the handshake complete. No extensions
 * are offered (no compression): frames cross the proxy as the client built them.
 */
final class WsConnector implements AutoCloseable {
    private static final long HANDSHAKE_TIMEOUT_MILLIS = 10_000;

    private final EventLoopGroup group;
    private final Bootstrap bootstrap;
    private final URI uri;

    WsConnector(URI uri) {
        if (!"ws".equals(uri.getScheme())) {
            throw new IllegalArgumentException(uri + ": expected a ws:// URL");
        }
        Transport transport = Transport.select();
        this.uri = uri;
        this.group = new MultiThreadIoEventLoopGroup(1, transport.ioHandlerFactory());
        this.bootstrap = new Bootstrap().group(group).channel(transport.socketChannelType())
                .option(ChannelOption.TCP_NODELAY, true);
    }

    /** Connects once; the future fails when the TCP connection does (the upgrade's fate reaches the handler). */
    ChannelFuture connect(Supplier<ChannelHandler> handlers) {
        WebSocketClientProtocolConfig config = WebSocketClientProtocolConfig.newBuilder().webSocketUri(uri)
                .maxFramePayloadLength(WsEchoOrigin.MAX_FRAME_BYTES).handshakeTimeoutMillis(HANDSHAKE_TIMEOUT_MILLIS)
                .build();
        return bootstrap.clone().handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(8192),
                        new WebSocketClientProtocolHandler(config), handlers.get());
            }
        }).connect(uri.getHost(), uri.getPort());
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
