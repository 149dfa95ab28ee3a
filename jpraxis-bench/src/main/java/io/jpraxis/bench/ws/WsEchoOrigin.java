package io.jpraxis.bench.ws;

import io.jpraxis.http.server.Transport;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The WebSocket origin of the edge benchmarks: {@code /ws} upgrades and echoes every data frame
 * as it arrives (no aggregation, reads paused while the echo cannot be written, so a stream
 * cannot pile up here), and {@code GET /small} answers 200 for the suite's readiness probe. One
 * event loop, as the nginx origin runs one worker.
 *
 * <p>{@code java -cp jpraxis-bench.jar io.jpraxis.bench.ws.WsEchoOrigin PORT}
 */
public final class WsEchoOrigin {
    /** Frames up to this size are accepted; the stream's are 64 KiB. */
    public static final int MAX_FRAME_BYTES = 1 << 20;
    private static final byte[] SMALL = new byte[1024];

    private WsEchoOrigin() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 1) {
            System.err.println("usage: WsEchoOrigin PORT");
            System.exit(2);
        }
        Running origin = start(Integer.parseInt(args[0]));
        System.out.println("websocket echo origin on 127.0.0.1:" + origin.port() + " (" + Transport.select().name()
                + ")");
        origin.server().closeFuture().sync();
    }

    /** A started origin; {@link #close()} stops it. */
    public record Running(Channel server, int port, EventLoopGroup group) implements AutoCloseable {
        @Override
        public void close() {
            server.close().syncUninterruptibly();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /** Listens on 127.0.0.1:{@code port} (0: any free port). */
    public static Running start(int port) throws InterruptedException {
        Transport transport = Transport.select();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, transport.ioHandlerFactory());
        WebSocketServerProtocolConfig ws = WebSocketServerProtocolConfig.newBuilder().websocketPath("/ws")
                .maxFramePayloadLength(MAX_FRAME_BYTES).build();
        Channel server = new ServerBootstrap().group(group).channel(transport.serverChannelType())
                .option(ChannelOption.SO_BACKLOG, 4096)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(8192),
                                new WebSocketServerProtocolHandler(ws), new Small(), new EchoFrames());
                    }
                })
                .bind("127.0.0.1", port).sync().channel();
        return new Running(server, ((InetSocketAddress) server.localAddress()).getPort(), group);
    }

    /** Any plain request past the upgrade handler: 200 with 1 KiB on {@code /small}, else 404. */
    private static final class Small extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            boolean small = request.uri().equals("/small");
            ByteBuf body = small ? Unpooled.wrappedBuffer(SMALL) : Unpooled.EMPTY_BUFFER;
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                    small ? HttpResponseStatus.OK : HttpResponseStatus.NOT_FOUND, body);
            response.headers().set(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
            ctx.writeAndFlush(response);
        }
    }
}
