package io.jpraxis.http.upstream;

import io.jpraxis.http.support.IdleDeadline;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.HttpConversionUtil;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One stream of an {@link Http2Connection}, lent to one exchange: the last handler of its child
 * channel, after the codec that turns frames into the HTTP/1 objects the exchange speaks. A stream
 * the origin refuses (REFUSED_STREAM, or above a GOAWAY's last stream id) fails as
 * {@link UpstreamFailure#REFUSED_STREAM}, which the exchange may send again (see
 * docs/behaviour/upstream-http2.md#goaway-and-refused-streams). Confined to its event loop.
 */
final class Http2UpstreamStream extends ChannelInboundHandlerAdapter implements UpstreamStream {
    private static final Logger log = LoggerFactory.getLogger(Http2UpstreamStream.class);

    private final Http2Connection connection;
    private final boolean reused;
    private final IdleDeadline readDeadline;
    private final IdleDeadline writeDeadline;
    private Channel channel;
    private UpstreamStreamListener listener;
    private boolean failed;
    private boolean awaitingResponse;
    private boolean readOutstanding;
    private boolean requestComplete;
    private boolean responseComplete;
    /** A body-less request head waiting for its (empty) last piece, to end the stream with the head. */
    private HttpRequest heldHead;

    Http2UpstreamStream(Http2Connection connection, boolean reused) {
        this.connection = connection;
        this.reused = reused;
        UpstreamTimeouts timeouts = connection.timeouts();
        this.readDeadline = new IdleDeadline(connection.loop(), timeouts.readMs(), () -> fail(UpstreamFailure.READ_TIMEOUT));
        this.writeDeadline = new IdleDeadline(connection.loop(), timeouts.writeMs(),
                () -> fail(UpstreamFailure.WRITE_TIMEOUT));
    }

    // ---- UpstreamStream ----

    @Override
    public EventLoop eventLoop() {
        return connection.loop();
    }

    @Override
    public void bind(UpstreamStreamListener newListener) {
        this.listener = newListener;
    }

    /** Whether the connection had carried streams before: a stale connection may fail on first use. */
    @Override
    public boolean reused() {
        return reused;
    }

    @Override
    public void write(HttpObject message) {
        if (message instanceof HttpRequest request && bodyless(request)) {
            heldHead = request; // sent with END_STREAM once the empty last piece follows
            return;
        }
        if (message instanceof LastHttpContent last) {
            requestComplete = true;
            if (heldHead != null && !last.content().isReadable() && last.trailingHeaders().isEmpty()) {
                // One HEADERS frame with END_STREAM instead of an empty DATA frame after it.
                HttpRequest head = heldHead;
                heldHead = null;
                last.release();
                message = new DefaultFullHttpRequest(head.protocolVersion(), head.method(), head.uri(),
                        Unpooled.EMPTY_BUFFER, head.headers(), EmptyHttpHeaders.INSTANCE);
            }
        }
        writeHeldHead();
        channel.write(message, channel.voidPromise());
        if (!channel.isWritable() && !writeDeadline.active()) {
            writeDeadline.start();
        }
    }

    /** A request head that announces no body: no length (or zero) and not chunked. */
    private static boolean bodyless(HttpRequest request) {
        return !HttpUtil.isTransferEncodingChunked(request) && HttpUtil.getContentLength(request, 0L) == 0;
    }

    private void writeHeldHead() {
        if (heldHead != null) {
            HttpRequest head = heldHead;
            heldHead = null;
            channel.write(head, channel.voidPromise());
        }
    }

    /**
     * A held bodyless head stays held: its empty last piece follows at once, and sending the two
     * as one HEADERS frame with END_STREAM keeps a DATA frame off the wire. A DATA frame after a
     * separate HEADERS is what an origin that sent GOAWAY meanwhile may take for a frame on a
     * stream it never opened, and kill the connection with the streams it did accept.
     */
    @Override
    public void flush() {
        channel.flush();
    }

    @Override
    public boolean isWritable() {
        return channel.isWritable();
    }

    @Override
    public void read() {
        readOutstanding = true;
        if (awaitingResponse) {
            readDeadline.start();
        }
        channel.read();
    }

    @Override
    public void requestSent() {
        if (responseComplete) {
            return;
        }
        awaitingResponse = true;
        if (readOutstanding) {
            readDeadline.start();
        }
    }

    /** Both ends have ended the stream, so it closes by itself; otherwise it is reset. */
    @Override
    public void release() {
        listener = null;
        readDeadline.stop();
        writeDeadline.stop();
        if (!responseComplete || !requestComplete) {
            close();
        }
    }

    /** Resets the stream (CANCEL, RFC 9113 8.7); the connection and its other streams go on. */
    @Override
    public void abort() {
        close();
    }

    private void close() {
        failed = true;
        listener = null;
        readDeadline.cancel();
        writeDeadline.cancel();
        if (channel != null) {
            channel.close();
        }
    }

    // ---- channel events ----

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        readOutstanding = false;
        readDeadline.stop();
        UpstreamStreamListener current = listener;
        if (current == null || failed) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpResponse head) {
            onHead(current, head);
        } else if (msg instanceof HttpContent content) {
            onContent(current, content);
        } else {
            ReferenceCountUtil.release(msg);
        }
    }

    private void onHead(UpstreamStreamListener current, HttpResponse head) {
        if (head.decoderResult().isFailure()) {
            ReferenceCountUtil.release(head);
            fail(UpstreamFailure.PROTOCOL_ERROR);
            return;
        }
        if (head.status().codeClass() == HttpStatusClass.INFORMATIONAL) {
            ReferenceCountUtil.release(head);
            // Interim responses are not relayed (the gateway answers Expect itself); 101 does not
            // exist in HTTP/2 (RFC 9113 8.6).
            if (head.status().code() == 101) {
                fail(UpstreamFailure.PROTOCOL_ERROR);
            } else {
                read();
            }
            return;
        }
        // The codec notes the stream id as a header for HTTP/1 code; it is not the origin's.
        head.headers().remove(HttpConversionUtil.ExtensionHeaderNames.STREAM_ID.text());
        awaitingResponse = true;
        if (head instanceof FullHttpResponse full) {
            // HEADERS with END_STREAM: the whole answer in one block.
            TrailersOnly.Split split = TrailersOnly.split(full);
            current.onResponseHead(split.head());
            if (listener == current && !failed) {
                onContent(current, split.last());
            } else {
                split.last().release();
            }
            return;
        }
        current.onResponseHead(head);
    }

    private void onContent(UpstreamStreamListener current, HttpContent content) {
        if (content instanceof LastHttpContent) {
            responseComplete = true;
            awaitingResponse = false;
            readDeadline.stop();
        }
        current.onResponseContent(content);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        UpstreamStreamListener current = listener;
        if (current != null) {
            current.onReadComplete();
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable()) {
            writeDeadline.stop();
            UpstreamStreamListener current = listener;
            if (current != null) {
                current.onWritable();
            }
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        try {
            if (event instanceof Http2ResetFrame reset) {
                log.debug("upstream {}:{} reset stream {} ({})", connection.key().host(), connection.key().port(),
                        streamId(), reset.errorCode());
                fail(reset.errorCode() == Http2Error.REFUSED_STREAM.code()
                        ? UpstreamFailure.REFUSED_STREAM : UpstreamFailure.RESET);
            } else if (event instanceof Http2GoAwayFrame) {
                // Fired only on streams above the GOAWAY's last stream id: the origin never saw them,
                // and the codec closes them next. No RST_STREAM for them: the origin ignores what
                // comes on such a stream, and a strict one even counts a reset a protocol error.
                UpstreamStreamListener current = listener;
                boolean first = !failed;
                failed = true;
                listener = null;
                readDeadline.cancel();
                writeDeadline.cancel();
                ctx.executor().execute(() -> ctx.channel().close());
                if (current != null && first) {
                    current.onFailure(UpstreamFailure.REFUSED_STREAM);
                }
            }
        } finally {
            ReferenceCountUtil.release(event);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        readDeadline.cancel();
        writeDeadline.cancel();
        if (responseComplete) {
            failed = true;
            return;
        }
        fail(connection.goneAwayBefore(streamId()) ? UpstreamFailure.REFUSED_STREAM : UpstreamFailure.PREMATURE_CLOSE);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        log.debug("upstream stream {} to {}:{} failed", streamId(), connection.key().host(), connection.key().port(),
                cause);
        UpstreamFailure failure;
        if (cause instanceof Http2Exception h2 && h2.error() == Http2Error.REFUSED_STREAM) {
            failure = UpstreamFailure.REFUSED_STREAM; // no stream could be created: nothing was sent
        } else if (cause instanceof IOException) {
            failure = UpstreamFailure.RESET;
        } else {
            failure = UpstreamFailure.PROTOCOL_ERROR;
        }
        fail(failure);
    }

    private int streamId() {
        return channel instanceof Http2StreamChannel stream && stream.stream() != null ? stream.stream().id() : -1;
    }

    /** Resets the stream and reports {@code failure} to the exchange, once. */
    private void fail(UpstreamFailure failure) {
        UpstreamStreamListener current = listener;
        boolean first = !failed;
        close();
        if (current != null && first) {
            current.onFailure(failure);
        }
    }
}
