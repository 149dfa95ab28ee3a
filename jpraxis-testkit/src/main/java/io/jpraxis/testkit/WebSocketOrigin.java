package io.jpraxis.testkit;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.ssl.SslContext;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A WebSocket echo origin on Netty's own server handlers (RFC 6455): every text and binary frame
 * comes back as it was sent; the text {@link #CLOSE_COMMAND} makes the origin start the closing
 * handshake itself (status 1000) and close the connection. A request that does not upgrade is
 * answered 200 with the body {@code plain}. It records the heads it received, upgrades and plain
 * requests alike, so tests can see what a gateway forwarded.
 */
public final class WebSocketOrigin implements AutoCloseable {
    /** A text message that makes the origin close the WebSocket (1000, "origin closes"). */
    public static final String CLOSE_COMMAND = "origin, close please";
    /** Frames up to this size are accepted (a 1 MiB test message fits). */
    public static final int MAX_FRAME_BYTES = 4 << 20;

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel serverChannel;
    private final AtomicInteger open = new AtomicInteger();
    private final List<Map<String, List<String>>> heads = new ArrayList<>();

    private WebSocketOrigin(SslContext tls) {
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        open.incrementAndGet();
                        ch.closeFuture().addListener(f -> open.decrementAndGet());
                        if (tls != null) {
                            ch.pipeline().addLast(tls.newHandler(ch.alloc()));
                        }
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(64 * 1024),
                                new HeadRecorder(),
                                new WebSocketServerProtocolHandler(WebSocketServerProtocolConfig.newBuilder()
                                        .websocketPath("/")
                                        .checkStartsWith(true)
                                        .maxFramePayloadLength(MAX_FRAME_BYTES)
                                        .build()),
                                new Echo());
                    }
                });
        try {
            serverChannel = bootstrap.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            throw new IllegalStateException("interrupted while binding the WebSocket origin", e);
        }
    }

    /** Starts a cleartext echo origin on an ephemeral loopback port. */
    public static WebSocketOrigin start() {
        return new WebSocketOrigin(null);
    }

    /** Starts an echo origin speaking TLS with {@code tls} (wss behind the gateway). */
    public static WebSocketOrigin startTls(SslContext tls) {
        return new WebSocketOrigin(tls);
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /** Connections the origin holds open now. */
    public int openConnections() {
        return open.get();
    }

    /** Every request head received, oldest first: lower-case names to their values in order. */
    public synchronized List<Map<String, List<String>>> heads() {
        return List.copyOf(heads);
    }

    /** The last request head received; fails when none came. */
    public synchronized Map<String, List<String>> lastHead() {
        if (heads.isEmpty()) {
            throw new IllegalStateException("the WebSocket origin received no request");
        }
        return heads.get(heads.size() - 1);
    }

    @Override
    public void close() {
        serverChannel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }

    private synchronized void record(FullHttpRequest request) {
        Map<String, List<String>> head = new LinkedHashMap<>();
        request.headers().forEach(line -> head.computeIfAbsent(line.getKey().toLowerCase(Locale.ROOT),
                k -> new ArrayList<>()).add(line.getValue()));
        heads.add(Map.copyOf(head));
    }

    /** Records each head; answers one that does not ask for WebSocket itself. */
    private final class HeadRecorder extends SimpleChannelInboundHandler<FullHttpRequest> {
        HeadRecorder() {
            super(false);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            record(request);
            String upgrade = request.headers().get(HttpHeaderNames.UPGRADE);
            if (upgrade != null && upgrade.equalsIgnoreCase("websocket")) {
                ctx.fireChannelRead(request); // the handshake
                return;
            }
            request.release();
            DefaultFullHttpResponse plain = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                    Unpooled.copiedBuffer("plain", StandardCharsets.US_ASCII));
            plain.headers().set(HttpHeaderNames.CONTENT_LENGTH, 5);
            ctx.writeAndFlush(plain);
        }
    }

    /** Sends each data frame back; the close command starts the origin's closing handshake. */
    private static final class Echo extends SimpleChannelInboundHandler<WebSocketFrame> {
        Echo() {
            super(false);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
            if (frame instanceof TextWebSocketFrame text && text.text().equals(CLOSE_COMMAND)) {
                frame.release();
                ctx.writeAndFlush(new CloseWebSocketFrame(1000, "origin closes")).addListener(ChannelFutureListener.CLOSE);
            } else if (frame instanceof TextWebSocketFrame || frame instanceof BinaryWebSocketFrame
                    || frame instanceof ContinuationWebSocketFrame) {
                ctx.writeAndFlush(frame);
            } else {
                frame.release();
            }
        }
    }
}
