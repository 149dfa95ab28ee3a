package io.jpraxis.testkit;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.codec.http2.Http2StreamFrame;
import io.netty.util.ReferenceCountUtil;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An HTTP/2 client over cleartext with prior knowledge (RFC 9113 3.3), for tests: many streams on
 * one connection, request bodies from {@link TestData}'s pattern sent with flow control, and
 * headers sent exactly as given (no validation, so tests can send what a gateway must refuse).
 */
public final class H2cClient implements AutoCloseable {
    private static final int DATA_FRAME_BYTES = 16 * 1024;
    private static final int KEEP_BODY_BYTES = 1024 * 1024;

    private final EventLoopGroup group;
    private final Channel connection;
    private final AtomicLong bodyBytesWritten = new AtomicLong();

    private H2cClient(EventLoopGroup group, Channel connection) {
        this.group = group;
        this.connection = connection;
    }

    /** Connects to loopback {@code port} and sends the connection preface. */
    public static H2cClient connect(int port) {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Channel channel = new Bootstrap().group(group).channel(NioSocketChannel.class)
                    .handler(new ChannelInitializer<Channel>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            ch.pipeline().addLast(Http2FrameCodecBuilder.forClient().validateHeaders(false).build());
                            ch.pipeline().addLast(new Http2MultiplexHandler(new ChannelInboundHandlerAdapter()));
                        }
                    })
                    .connect(InetAddress.getLoopbackAddress(), port).syncUninterruptibly().channel();
            return new H2cClient(group, channel);
        } catch (RuntimeException e) {
            group.shutdownGracefully();
            throw e;
        }
    }

    /** Request headers with the pseudo-headers set; add more with {@code add}. */
    public static Http2Headers headers(String method, String path) {
        return new DefaultHttp2Headers(false).method(method).path(path).scheme("http").authority("test");
    }

    /** A body-less GET. */
    public CompletableFuture<H2Response> get(String path) {
        return send(headers("GET", path), 0);
    }

    /** Sends {@code headers} and {@code bodyBytes} of the test pattern on a new stream. */
    public CompletableFuture<H2Response> send(Http2Headers headers, long bodyBytes) {
        return send(headers, bodyBytes, CompletableFuture.completedFuture(null));
    }

    /**
     * As {@link #send(Http2Headers, long)}, but the response is not read (so no receive window is
     * returned to the server) until {@code startReading} completes: a slow client.
     */
    public CompletableFuture<H2Response> send(Http2Headers headers, long bodyBytes, CompletableFuture<?> startReading) {
        CompletableFuture<H2Response> result = new CompletableFuture<>();
        Collector collector = new Collector(result);
        new Http2StreamChannelBootstrap(connection).option(ChannelOption.AUTO_READ, false).handler(collector).open()
                .addListener(f -> {
            if (!f.isSuccess()) {
                result.completeExceptionally(f.cause());
                return;
            }
            Http2StreamChannel stream = (Http2StreamChannel) f.getNow();
            startReading.whenComplete((ignored, error) -> stream.eventLoop().execute(
                    () -> stream.config().setAutoRead(true)));
            stream.writeAndFlush(new DefaultHttp2HeadersFrame(headers, bodyBytes == 0));
            if (bodyBytes > 0) {
                new BodyWriter(stream, bodyBytes, bodyBytesWritten).writeSome();
            }
        });
        return result;
    }

    /**
     * Sends {@code headers} (without END_STREAM) and then {@code frames} as they are on a new stream,
     * for requests the other methods cannot make (a body followed by trailers, say); the last frame
     * should end the stream.
     */
    public CompletableFuture<H2Response> sendFrames(Http2Headers headers, Http2StreamFrame... frames) {
        CompletableFuture<H2Response> result = new CompletableFuture<>();
        new Http2StreamChannelBootstrap(connection).handler(new Collector(result)).open().addListener(f -> {
            if (!f.isSuccess()) {
                result.completeExceptionally(f.cause());
                return;
            }
            Http2StreamChannel stream = (Http2StreamChannel) f.getNow();
            stream.write(new DefaultHttp2HeadersFrame(headers, false));
            for (Http2StreamFrame frame : frames) {
                stream.write(frame);
            }
            stream.flush();
        });
        return result;
    }

    /**
     * Opens a stream and sends {@code headers}, then {@code bodyBytes} of the test pattern in one
     * DATA frame (when above 0), ending the stream only if {@code endStream}: the test then reads
     * or abandons it through the returned handle, for clients that vanish part-way.
     */
    public OpenStream open(Http2Headers headers, int bodyBytes, boolean endStream) {
        OpenStream handle = new OpenStream();
        new Http2StreamChannelBootstrap(connection).handler(handle).open().addListener(f -> {
            if (!f.isSuccess()) {
                handle.ended.completeExceptionally(f.cause());
                return;
            }
            Http2StreamChannel stream = (Http2StreamChannel) f.getNow();
            handle.stream = stream;
            stream.write(new DefaultHttp2HeadersFrame(headers, endStream && bodyBytes == 0));
            if (bodyBytes > 0) {
                ByteBuf data = stream.alloc().buffer(bodyBytes);
                TestData.write(data, 0, bodyBytes);
                stream.write(new DefaultHttp2DataFrame(data, endStream));
            }
            stream.flush();
            handle.opened.complete(null);
        });
        return handle;
    }

    /** Waits for a response and returns it. */
    public static H2Response await(CompletableFuture<H2Response> pending) {
        try {
            return pending.join();
        } catch (CompletionException e) {
            throw new IllegalStateException("HTTP/2 request failed", e.getCause());
        }
    }

    /** Request body bytes handed to the connection so far, over all streams (flow control permitting). */
    public long bodyBytesWritten() {
        return bodyBytesWritten.get();
    }

    public boolean isOpen() {
        return connection.isActive();
    }

    @Override
    public void close() {
        if (group.isShuttingDown()) {
            return; // closed already (a test may close before its try-with-resources does)
        }
        connection.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** One stream opened by {@link #open}: what arrived on it so far, and a way to abandon it. */
    public static final class OpenStream extends ChannelInboundHandlerAdapter {
        private final CompletableFuture<Void> opened = new CompletableFuture<>();
        private final CompletableFuture<Integer> status = new CompletableFuture<>();
        private final CompletableFuture<Void> firstData = new CompletableFuture<>();
        private final CompletableFuture<Long> ended = new CompletableFuture<>();
        private final AtomicLong dataBytes = new AtomicLong();
        private volatile Http2StreamChannel stream;

        /** The final response status, once its HEADERS frame arrived. */
        public CompletableFuture<Integer> status() {
            return status;
        }

        /** Completes when the first response DATA frame arrived. */
        public CompletableFuture<Void> firstData() {
            return firstData;
        }

        /**
         * Completes when the stream ended: 0 when the response ended normally, the error code of a
         * RST_STREAM the server sent, or -1 when the connection closed under it.
         */
        public CompletableFuture<Long> ended() {
            return ended;
        }

        public long dataBytes() {
            return dataBytes.get();
        }

        /** Sends RST_STREAM(CANCEL) (RFC 9113 8.7: the client no longer wants the response). */
        public void reset() {
            opened.join();
            stream.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.CANCEL)).syncUninterruptibly();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof Http2HeadersFrame frame) {
                    CharSequence code = frame.headers().status();
                    if (code != null && Integer.parseInt(code.toString()) >= 200) {
                        status.complete(Integer.parseInt(code.toString()));
                    }
                    if (frame.isEndStream()) {
                        ended.complete(0L);
                    }
                } else if (msg instanceof Http2DataFrame frame) {
                    dataBytes.addAndGet(frame.content().readableBytes());
                    firstData.complete(null);
                    if (frame.isEndStream()) {
                        ended.complete(0L);
                    }
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event instanceof Http2ResetFrame reset) {
                ended.complete(reset.errorCode());
            }
            ctx.fireUserEventTriggered(event);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            ended.complete(-1L);
            ctx.fireChannelInactive();
        }
    }

    /** Writes the body while the stream is writable (its flow-control window open), then resumes. */
    private static final class BodyWriter {
        private final Http2StreamChannel stream;
        private final long length;
        private final AtomicLong written;
        private long offset;

        BodyWriter(Http2StreamChannel stream, long length, AtomicLong written) {
            this.stream = stream;
            this.length = length;
            this.written = written;
            stream.pipeline().addFirst(new ChannelInboundHandlerAdapter() {
                @Override
                public void channelWritabilityChanged(ChannelHandlerContext ctx) {
                    if (ctx.channel().isWritable()) {
                        writeSome();
                    }
                    ctx.fireChannelWritabilityChanged();
                }
            });
        }

        void writeSome() {
            while (offset < length && stream.isWritable() && stream.isActive()) {
                int n = (int) Math.min(DATA_FRAME_BYTES, length - offset);
                ByteBuf data = stream.alloc().buffer(n);
                TestData.write(data, offset, n);
                offset += n;
                stream.write(new DefaultHttp2DataFrame(data, offset == length))
                        .addListener(f -> written.addAndGet(f.isSuccess() ? n : 0));
            }
            stream.flush();
        }
    }

    /** Gathers one stream's response. */
    private static final class Collector extends ChannelInboundHandlerAdapter {
        private final CompletableFuture<H2Response> result;
        private final MessageDigest sha = TestData.newSha256();
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private final Map<String, List<String>> headers = new LinkedHashMap<>();
        private final Map<String, List<String>> trailers = new LinkedHashMap<>();
        private int status;
        private long bodyBytes;

        Collector(CompletableFuture<H2Response> result) {
            this.result = result;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                switch (msg) {
                    case Http2HeadersFrame frame -> {
                        if (frame.headers().status() != null && status == 0) {
                            int code = Integer.parseInt(frame.headers().status().toString());
                            if (code >= 200) {
                                status = code;
                                frame.headers().forEach(h -> headers.computeIfAbsent(
                                        h.getKey().toString().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                                        .add(h.getValue().toString()));
                            }
                        } else if (status != 0 && frame.headers().status() == null) {
                            frame.headers().forEach(h -> trailers.computeIfAbsent(
                                    h.getKey().toString().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                                    .add(h.getValue().toString()));
                        }
                        if (frame.isEndStream()) {
                            finish(null);
                        }
                    }
                    case Http2DataFrame frame -> {
                        ByteBuf content = frame.content();
                        byte[] bytes = new byte[content.readableBytes()];
                        content.getBytes(content.readerIndex(), bytes);
                        sha.update(bytes);
                        bodyBytes += bytes.length;
                        if (kept.size() < KEEP_BODY_BYTES) {
                            kept.write(bytes, 0, Math.min(bytes.length, KEEP_BODY_BYTES - kept.size()));
                        }
                        if (frame.isEndStream()) {
                            finish(null);
                        }
                    }
                    case Http2ResetFrame reset -> finish(reset.errorCode());
                    default -> {
                    }
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        /** Netty hands a stream its RST_STREAM as an event, not as a read. */
        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event instanceof Http2ResetFrame reset) {
                finish(reset.errorCode());
            }
            ctx.fireUserEventTriggered(event);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            finish(status == 0 ? -1L : null);
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            result.completeExceptionally(cause);
            ctx.close();
        }

        private void finish(Long resetCode) {
            if (!result.isDone()) {
                result.complete(new H2Response(status, headers, bodyBytes, TestData.hex(sha), kept.toByteArray(),
                        resetCode, trailers));
            }
        }
    }
}
