package io.jpraxis.bench.floor;

import io.jpraxis.http.server.Transport;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.FastThreadLocal;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLException;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The floor a Netty HTTP/1.1 proxy stands on, for comparing jpraxis with nginx and HAProxy: the
 * same transport ({@link Transport#select()}, which {@code -Djpraxis.transport} pins here too),
 * codecs, event loops (one per core) and per-loop upstream keep-alive pool as jpraxis, and nothing
 * else: no routing, filters, header rewriting, timeouts, retries, metrics or
 * error handling beyond closing. Whatever this costs per request (CPU, tail latency) is what any
 * proxy on this stack pays before it does a gateway's work; it is a measuring stick, not a product.
 *
 * <p>With {@code --tls CERT KEY} it terminates TLS 1.3 first (BoringSSL where it loads, as jpraxis
 * chooses, session tickets on): the floor under jpraxis's TLS listener.
 *
 * <p>{@code java -cp jpraxis-bench.jar io.jpraxis.bench.floor.BareNettyProxy PORT ORIGIN_HOST:PORT [LOOPS]
 * [--tls CERT KEY]}
 */
public final class BareNettyProxy {
    private final InetSocketAddress origin;
    private final Transport transport = Transport.select();
    /** Idle origin connections of the current event loop. */
    private final FastThreadLocal<ArrayDeque<Channel>> idle = new FastThreadLocal<>() {
        @Override
        protected ArrayDeque<Channel> initialValue() {
            return new ArrayDeque<>();
        }
    };

    private BareNettyProxy(InetSocketAddress origin) {
        this.origin = origin;
    }

    public static void main(String[] args) throws InterruptedException, SSLException {
        List<String> argv = new ArrayList<>(List.of(args));
        SslContext tls = null;
        int tlsAt = argv.indexOf("--tls");
        if (tlsAt >= 0 && argv.size() >= tlsAt + 3) {
            tls = FloorTls.context(Path.of(argv.get(tlsAt + 1)), Path.of(argv.get(tlsAt + 2)));
            argv.subList(tlsAt, tlsAt + 3).clear();
        }
        if (argv.size() < 2 || tlsAt >= 0 && tls == null) {
            System.err.println("usage: BareNettyProxy PORT ORIGIN_HOST:PORT [LOOPS] [--tls CERT KEY]");
            System.exit(2);
        }
        int port = Integer.parseInt(argv.get(0));
        String[] hostPort = argv.get(1).split(":", 2);
        int loops = argv.size() > 2 ? Integer.parseInt(argv.get(2)) : Runtime.getRuntime().availableProcessors();
        Running proxy = start(port, new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])), loops, tls);
        System.out.println("bare netty proxy on 127.0.0.1:" + proxy.port() + " to " + argv.get(1) + " with " + loops
                + " loops on " + Transport.select().name() + (tls == null ? "" : ", TLS on " + FloorTls.engine(tls)));
        proxy.server().closeFuture().sync();
    }

    /** A started proxy: its listening channel and port, and {@link #close()} to stop it. */
    public record Running(Channel server, int port, EventLoopGroup acceptor, EventLoopGroup workers)
            implements AutoCloseable {
        @Override
        public void close() {
            server.close().syncUninterruptibly();
            acceptor.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
            workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /** Listens on 127.0.0.1:{@code port} (0: any free port) and forwards to {@code origin}. */
    public static Running start(int port, InetSocketAddress origin, int loops) throws InterruptedException {
        return start(port, origin, loops, null);
    }

    /** The same behind TLS with {@code tls} (null: cleartext). */
    public static Running start(int port, InetSocketAddress origin, int loops, SslContext tls)
            throws InterruptedException {
        BareNettyProxy proxy = new BareNettyProxy(origin);
        EventLoopGroup acceptor = new MultiThreadIoEventLoopGroup(1, proxy.transport.ioHandlerFactory());
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(loops, proxy.transport.ioHandlerFactory());
        Channel server = new ServerBootstrap()
                .group(acceptor, workers)
                .channel(proxy.transport.serverChannelType())
                .option(ChannelOption.SO_BACKLOG, 4096)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (tls != null) {
                            ch.pipeline().addLast(tls.newHandler(ch.alloc()));
                        }
                        ch.pipeline().addLast(new HttpServerCodec(), proxy.new Downstream());
                    }
                })
                .bind("127.0.0.1", port).sync().channel();
        return new Running(server, ((InetSocketAddress) server.localAddress()).getPort(), acceptor, workers);
    }

    /** One client connection: each request goes to an origin connection of the same loop. */
    private final class Downstream extends ChannelInboundHandlerAdapter {
        private Channel upstream;
        /** Request parts read while a new origin connection is still connecting. */
        private ArrayDeque<Object> early;
        /** The request asked for {@code Connection: close}: the client connection ends with the answer. */
        private boolean closeAfter;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpRequest request) {
                closeAfter = request.headers().containsValue(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE,
                        true);
                request.headers().remove(HttpHeaderNames.CONNECTION);
                upstream = idle.get().poll();
                if (upstream == null || !upstream.isActive()) {
                    upstream = connect(ctx.channel());
                } else {
                    upstream.pipeline().get(Upstream.class).lendTo(this, ctx.channel());
                }
            }
            if (upstream == null) {
                ReferenceCountUtil.release(msg);
                return;
            }
            if (early != null) {
                early.add(msg);
                return;
            }
            upstream.write(msg);
            if (msg instanceof LastHttpContent) {
                upstream.flush();
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (upstream != null) {
                upstream.close();
            }
        }

        private Channel connect(Channel client) {
            EventLoop loop = client.eventLoop();
            Upstream handler = new Upstream();
            handler.lendTo(this, client);
            early = new ArrayDeque<>(2);
            ChannelFuture connected = new Bootstrap().group(loop).channel(transport.socketChannelType())
                    .option(ChannelOption.TCP_NODELAY, true)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new HttpClientCodec(), handler);
                        }
                    })
                    .connect(origin);
            connected.addListener(f -> {
                ArrayDeque<Object> parts = early;
                early = null;
                if (!f.isSuccess()) {
                    parts.forEach(ReferenceCountUtil::release);
                    client.close();
                    return;
                }
                parts.forEach(connected.channel()::write);
                connected.channel().flush();
            });
            return connected.channel();
        }
    }

    /** One origin connection: the response streams to the client it is lent to, then it is parked. */
    private final class Upstream extends ChannelInboundHandlerAdapter {
        private Downstream borrower;
        private Channel client;

        void lendTo(Downstream borrower, Channel client) {
            this.borrower = borrower;
            this.client = client;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            boolean close = borrower.closeAfter;
            if (close && msg instanceof HttpResponse response) {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            }
            if (msg instanceof LastHttpContent) {
                borrower.upstream = null; // answered: the client may not close it from now on
                idle.get().offer(ctx.channel());
                ChannelFuture written = client.writeAndFlush(msg);
                if (close) {
                    written.addListener(ChannelFutureListener.CLOSE); // each request on a new connection
                }
            } else {
                client.write(msg);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            idle.get().remove(ctx.channel());
        }
    }
}
