package io.jpraxis.testkit;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.MessageDigest;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLException;

/**
 * An HTTP/2 origin for tests: h2c by prior knowledge, or TLS with ALPN {@code h2}. Each stream reads
 * the whole request, then answers 200 (or the request's {@code x-origin-status}) with what it saw as headers ({@code x-seen-authority},
 * {@code x-seen-te}, {@code x-seen-scheme}, {@code x-body-bytes}, {@code x-body-sha256},
 * {@code x-connection}: the origin's number for the connection) and, when asked, a body of
 * {@code x-download} bytes of the {@link TestData} pattern sent with flow control; the request's
 * trailers come back as response trailers named {@code x-echo-<name>}, and {@code x-send-trailers}
 * adds {@code x-origin-trailer: done}. Misbehaviour on demand: a low
 * {@code SETTINGS_MAX_CONCURRENT_STREAMS}, holding every answer until some streams are open at once,
 * refusing the first streams (REFUSED_STREAM), and GOAWAY on a connection's n-th stream.
 */
public final class H2Origin implements AutoCloseable {
    private static final AttributeKey<Integer> CONNECTION = AttributeKey.valueOf("h2origin.connection");
    private static final AttributeKey<AtomicInteger> STREAMS = AttributeKey.valueOf("h2origin.streams");
    private static final int DATA_FRAME_BYTES = 16 * 1024;

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    private final Channel server;
    private final Builder config;
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger openConnections = new AtomicInteger();
    private final AtomicInteger streams = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger mostOpen = new AtomicInteger();
    private final CountDownLatch held;
    private final ConcurrentLinkedQueue<Http2Headers> requestHeads = new ConcurrentLinkedQueue<>();

    private H2Origin(Builder config) {
        this.config = config;
        this.held = new CountDownLatch(config.holdUntilOpen);
        SslContext ssl = config.tls ? serverContext() : null;
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.attr(CONNECTION).set(connections.incrementAndGet());
                        openConnections.incrementAndGet();
                        ch.closeFuture().addListener(f -> openConnections.decrementAndGet());
                        ch.attr(STREAMS).set(new AtomicInteger());
                        if (ssl != null) {
                            ch.pipeline().addLast(ssl.newHandler(ch.alloc()));
                        }
                        Http2Settings settings = Http2Settings.defaultSettings();
                        if (config.maxConcurrentStreams != null) {
                            settings.maxConcurrentStreams(config.maxConcurrentStreams);
                        }
                        ch.pipeline().addLast(Http2FrameCodecBuilder.forServer().initialSettings(settings).build());
                        if (config.goAwayWhenArrived > 0) {
                            ch.pipeline().addLast(new GoAwayTrigger());
                        }
                        ch.pipeline().addLast(new Http2MultiplexHandler(new ChannelInitializer<Http2StreamChannel>() {
                            @Override
                            protected void initChannel(Http2StreamChannel stream) {
                                stream.pipeline().addLast(new StreamHandler());
                            }
                        }));
                    }
                })
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).syncUninterruptibly().channel();
    }

    public static Builder builder() {
        return new Builder();
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** TCP connections accepted so far. */
    public int acceptedConnections() {
        return connections.get();
    }

    /** Connections not closed yet. */
    public int openConnections() {
        return openConnections.get();
    }

    /** Streams whose request head arrived (refused ones included). */
    public int streams() {
        return streams.get();
    }

    /** Streams refused with REFUSED_STREAM. */
    public int refusedStreams() {
        return refused.get();
    }

    /** The most streams that were open at the same time. */
    public int mostOpenAtOnce() {
        return mostOpen.get();
    }

    /** The request heads of the streams answered, in arrival order. */
    public List<Http2Headers> requestHeads() {
        return List.copyOf(requestHeads);
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static SslContext serverContext() {
        try (InputStream cert = TestTls.class.getResourceAsStream("tls/" + TestTls.SERVER_CERT);
                InputStream key = TestTls.class.getResourceAsStream("tls/" + TestTls.SERVER_KEY)) {
            return SslContextBuilder.forServer(cert, key).sslProvider(SslProvider.JDK)
                    .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                            ApplicationProtocolNames.HTTP_2))
                    .build();
        } catch (SSLException e) {
            throw new IllegalStateException("test TLS material unusable", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Sends the configured GOAWAY on the first connection when its n-th request head is decoded.
     * It sits between the codec and the multiplexer so it counts heads in wire order: a stream
     * handler reads later, by which time the codec may have taken the next streams' heads and
     * bodies, and a GOAWAY sent then leaves the codec seeing a body for a stream it never made.
     */
    private final class GoAwayTrigger extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            Channel connection = ctx.channel();
            if (msg instanceof Http2HeadersFrame frame && connection.attr(CONNECTION).get() == 1
                    && frame.stream() != null && frame.stream().id() % 2 == 1 && !isTrailer(frame)
                    && connection.attr(STREAMS).get().incrementAndGet() == config.goAwayWhenArrived) {
                // Streams above the last one served are turned away unprocessed (RFC 9113 6.8); a
                // client's n-th stream has id 2n - 1.
                Http2FrameCodec codec = connection.pipeline().get(Http2FrameCodec.class);
                codec.goAway(connection.pipeline().context(codec), 2 * config.goAwayLastServed - 1,
                        Http2Error.NO_ERROR.code(), Unpooled.EMPTY_BUFFER, connection.newPromise());
                connection.flush();
                while (held.getCount() > 0) {
                    held.countDown(); // what is left is answered now: the turned-away streams never will be
                }
            }
            ctx.fireChannelRead(msg);
        }

        /** The first HEADERS of a stream carries :method; trailers do not. */
        private static boolean isTrailer(Http2HeadersFrame frame) {
            return frame.headers().method() == null;
        }
    }

    /** One request and its answer. */
    private final class StreamHandler extends ChannelInboundHandlerAdapter {
        private final MessageDigest sha = TestData.newSha256();
        private Http2Headers head;
        private Http2Headers trailers;
        private long bodyBytes;
        private boolean counted;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof Http2HeadersFrame frame) {
                    if (head == null) {
                        onHead(ctx, frame);
                    } else {
                        trailers = frame.headers();
                    }
                    if (frame.isEndStream()) {
                        answerWhenReleased(ctx);
                    }
                } else if (msg instanceof Http2DataFrame frame) {
                    ByteBuf content = frame.content();
                    byte[] bytes = new byte[content.readableBytes()];
                    content.getBytes(content.readerIndex(), bytes);
                    sha.update(bytes);
                    bodyBytes += bytes.length;
                    if (frame.isEndStream()) {
                        answerWhenReleased(ctx);
                    }
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        private void onHead(ChannelHandlerContext ctx, Http2HeadersFrame frame) {
            head = frame.headers();
            streams.incrementAndGet();
            if (refused.get() < config.refuseFirst && refused.incrementAndGet() <= config.refuseFirst) {
                ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.REFUSED_STREAM));
                return;
            }
            counted = true;
            int now = open.incrementAndGet();
            mostOpen.accumulateAndGet(now, Math::max);
            held.countDown();
        }

        private void answerWhenReleased(ChannelHandlerContext ctx) {
            if (!counted) {
                return; // refused
            }
            if (held.getCount() == 0) {
                answer(ctx);
                return;
            }
            Thread.ofVirtual().start(() -> {
                try {
                    held.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                ctx.executor().execute(() -> answer(ctx));
            });
        }

        private void answer(ChannelHandlerContext ctx) {
            if (!ctx.channel().isActive()) {
                return; // turned away by a GOAWAY while held
            }
            requestHeads.add(head);
            CharSequence status = head.get("x-origin-status");
            Http2Headers response = new DefaultHttp2Headers().status(status == null ? "200" : status)
                    .add("x-connection", String.valueOf(ctx.channel().parent().attr(CONNECTION).get()))
                    .add("x-seen-authority", value(head.authority()))
                    .add("x-seen-scheme", value(head.scheme()))
                    .add("x-seen-te", value(head.get("te")))
                    .add("x-body-bytes", String.valueOf(bodyBytes))
                    .add("x-body-sha256", TestData.hex(sha));
            CharSequence download = head.get("x-download");
            long length = download == null ? 0 : Long.parseLong(download.toString());
            Http2Headers responseTrailers = new DefaultHttp2Headers();
            if (trailers != null) {
                for (Map.Entry<CharSequence, CharSequence> line : trailers) {
                    responseTrailers.add("x-echo-" + line.getKey().toString().toLowerCase(Locale.ROOT), line.getValue());
                }
            }
            if (head.contains("x-send-trailers")) {
                responseTrailers.add("x-origin-trailer", "done");
            }
            boolean endWithHead = length == 0 && responseTrailers.isEmpty();
            ctx.write(new DefaultHttp2HeadersFrame(response, endWithHead));
            if (endWithHead) {
                ctx.flush();
                ended();
                return;
            }
            new Download(ctx, length, responseTrailers).writeSome();
        }

        private void ended() {
            open.decrementAndGet();
        }

        /** Writes the body as the stream's window allows, then the trailers. */
        private final class Download {
            private final ChannelHandlerContext ctx;
            private final long length;
            private final Http2Headers trailers;
            private long offset;

            Download(ChannelHandlerContext ctx, long length, Http2Headers trailers) {
                this.ctx = ctx;
                this.length = length;
                this.trailers = trailers;
                ctx.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelWritabilityChanged(ChannelHandlerContext c) {
                        if (c.channel().isWritable()) {
                            writeSome();
                        }
                    }
                });
            }

            void writeSome() {
                while (offset < length && ctx.channel().isWritable()) {
                    int n = (int) Math.min(DATA_FRAME_BYTES, length - offset);
                    ByteBuf data = ctx.alloc().buffer(n);
                    TestData.write(data, offset, n);
                    offset += n;
                    ctx.write(new DefaultHttp2DataFrame(data, offset == length && trailers.isEmpty()));
                }
                if (offset == length) {
                    if (!trailers.isEmpty()) {
                        ctx.write(new DefaultHttp2HeadersFrame(trailers, true));
                    }
                    ended();
                    offset = length + 1; // once
                }
                ctx.flush();
            }
        }
    }

    private static String value(CharSequence value) {
        return value == null ? "" : value.toString();
    }

    /** What the origin does; the defaults behave. */
    public static final class Builder {
        private boolean tls;
        private Long maxConcurrentStreams;
        private int holdUntilOpen;
        private int refuseFirst;
        private int goAwayWhenArrived;
        private int goAwayLastServed;

        /** TLS with the {@link TestTls} origin certificate, ALPN {@code h2} only. */
        public Builder tls() {
            this.tls = true;
            return this;
        }

        public Builder maxConcurrentStreams(long max) {
            this.maxConcurrentStreams = max;
            return this;
        }

        /** Answers nothing until {@code streams} requests are open at once (or 10 s passed). */
        public Builder holdUntilOpen(int streams) {
            this.holdUntilOpen = streams;
            return this;
        }

        /** Resets the first {@code streams} streams with REFUSED_STREAM. */
        public Builder refuseFirst(int streams) {
            this.refuseFirst = streams;
            return this;
        }

        /**
         * When the first connection's {@code arrived}-th stream comes, sends GOAWAY naming its
         * {@code lastServed}-th stream as the last it processes: those in between are turned away.
         */
        public Builder goAway(int arrived, int lastServed) {
            this.goAwayWhenArrived = arrived;
            this.goAwayLastServed = lastServed;
            return this;
        }

        public H2Origin start() {
            return new H2Origin(this);
        }
    }
}
