package io.jpraxis.http.server;

import io.jpraxis.core.context.DownstreamTls;
import io.jpraxis.http.exchange.Downstream;
import io.jpraxis.http.exchange.Exchange;
import io.jpraxis.http.exchange.ListenerContext;
import io.jpraxis.http.server.tls.TlsAttributes;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.HttpConversionUtil;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.net.InetSocketAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HTTP/2 stream: one {@link Exchange}, fed the HTTP objects the stream's codec makes of its
 * frames. Ending the response ends the stream; a response that ends before the request body was
 * read is followed by RST_STREAM(NO_ERROR) (RFC 9113 8.1: the client then stops sending), and
 * {@link #abort()} resets the stream with CANCEL. The connection itself is left to the HTTP/2 codec.
 */
final class Http2StreamHandler extends ChannelDuplexHandler implements Downstream {
    private static final Logger log = LoggerFactory.getLogger(Http2StreamHandler.class);

    private final ListenerContext listener;
    private final ConnectionRegistry registry;
    private ChannelHandlerContext ctx;
    private Exchange exchange;
    private boolean readPending;
    private boolean done;

    Http2StreamHandler(ListenerContext listener, ConnectionRegistry registry) {
        this.listener = listener;
        this.registry = registry;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
    }

    @Override
    public void channelActive(ChannelHandlerContext context) {
        requestRead();
        context.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object msg) {
        readPending = false;
        if (done || !(msg instanceof HttpObject)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest head) {
            if (exchange != null) {
                ReferenceCountUtil.release(msg); // a second HEADERS frame would be trailers, never a request
                return;
            }
            start(head);
        } else if (msg instanceof HttpContent content) {
            if (exchange != null) {
                exchange.onRequestContent(RequestTrailers.strip(content));
            } else {
                content.release();
            }
        }
    }

    private void start(HttpRequest head) {
        if (!originFormPath(head)) {
            ReferenceCountUtil.release(head);
            fail(new DecoderException(":path " + head.uri()
                    + " (expected: origin-form, or * with OPTIONS; RFC 9113 8.3.1)"));
            return;
        }
        HttpRequest request = head;
        boolean endOfStream = head instanceof FullHttpRequest;
        if (endOfStream) {
            // HEADERS with END_STREAM: a request without body, split the way HTTP/1 delivers it.
            request = new DefaultHttpRequest(head.protocolVersion(), head.method(), head.uri(), head.headers());
            request.setDecoderResult(head.decoderResult());
            ReferenceCountUtil.release(head);
        }
        // Netty's conversion adds these to carry h2 pseudo-headers; they are not the client's headers.
        request.headers().remove(HttpConversionUtil.ExtensionHeaderNames.STREAM_ID.text());
        request.headers().remove(HttpConversionUtil.ExtensionHeaderNames.SCHEME.text());
        request.headers().remove(HttpConversionUtil.ExtensionHeaderNames.PATH.text());
        exchange = new Exchange(this, listener, request);
        if (ConnectionAdmission.admitted(ctx.channel().parent()) && registry.overload().shedRequest() == null) {
            exchange.start();
        } else {
            exchange.refuseOverCapacity();
            // As on HTTP/1.1, the connection beyond the cap then ends: the codec's graceful close
            // sends GOAWAY, so the client opens no more streams here and other open ones finish.
            ctx.channel().parent().close();
        }
        if (endOfStream && exchange != null) {
            exchange.onRequestContent(LastHttpContent.EMPTY_LAST_CONTENT);
        }
    }

    /**
     * Whether {@code :path} is origin-form, or {@code *} for OPTIONS. An absolute-form target would
     * replace {@code :authority} (as it replaces Host on HTTP/1.1), which HTTP/2 does not allow.
     */
    private static boolean originFormPath(HttpRequest head) {
        String path = head.uri();
        return path.startsWith("/") || (path.equals("*") && head.method().equals(HttpMethod.OPTIONS));
    }

    // ---- Downstream ----

    @Override
    public EventLoop eventLoop() {
        return ctx.channel().eventLoop();
    }

    @Override
    public InetSocketAddress clientAddress() {
        return ctx.channel().parent().remoteAddress() instanceof InetSocketAddress inet ? inet : null;
    }

    @Override
    public DownstreamTls tls() {
        return TlsAttributes.downstreamTls(ctx.channel().parent());
    }

    @Override
    public boolean draining() {
        return registry.draining();
    }

    @Override
    public void requestRead() {
        if (!readPending && !done) {
            readPending = true;
            ctx.read();
        }
    }

    @Override
    public void write(HttpObject message) {
        ctx.write(message, ctx.voidPromise());
    }

    @Override
    public void flush() {
        ctx.flush();
    }

    @Override
    public boolean isWritable() {
        return ctx.channel().isWritable();
    }

    /** Ends the stream; {@code keepAlive} is the connection's business, which HTTP/2 keeps open. */
    @Override
    public void complete(LastHttpContent last, boolean keepAlive) {
        boolean bodyUnread = exchange != null && !exchange.requestReceived();
        done = true;
        exchange = null;
        ctx.write(last, ctx.voidPromise());
        if (bodyUnread) {
            // RFC 9113 8.1: the response is complete, the client may stop sending the request body.
            ctx.write(new DefaultHttp2ResetFrame(Http2Error.NO_ERROR), ctx.voidPromise());
        }
        ctx.flush();
    }

    @Override
    public void abort() {
        done = true;
        exchange = null;
        ctx.close();
    }

    // ---- channel events ----

    @Override
    public void channelReadComplete(ChannelHandlerContext context) {
        if (readPending && !done) {
            readPending = false;
            requestRead();
        }
        context.fireChannelReadComplete();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) {
        if (exchange != null && context.channel().isWritable()) {
            exchange.onDownstreamWritable();
        }
        context.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        done = true;
        Exchange inFlight = exchange;
        exchange = null;
        if (inFlight != null) {
            inFlight.onDownstreamClosed();
        }
        context.fireChannelInactive();
    }

    /**
     * A stream the codec found malformed (a content-length that its DATA frames contradict, a
     * pseudo-header Netty cannot convert) is the client's error: reset with PROTOCOL_ERROR (RFC
     * 9113 8.1.1) and counted, logged at debug so a client cannot flood the log. The exchange is
     * left in place so that {@link #channelInactive} ends it and gives back its upstream side.
     */
    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        fail(cause);
    }

    private void fail(Throwable cause) {
        boolean malformed = cause instanceof Http2Exception || cause instanceof DecoderException;
        if (malformed) {
            listener.metrics().malformedRequest();
            log.debug("malformed HTTP/2 stream from {}: {}", clientAddress(), cause.toString());
        } else if (cause instanceof IOException) {
            log.debug("HTTP/2 stream from {} failed: {}", clientAddress(), cause.toString());
        } else {
            log.warn("HTTP/2 stream from {} failed", clientAddress(), cause);
        }
        if (!done) {
            done = true;
            // A stream error the codec found carries its own code (FLOW_CONTROL_ERROR for a window
            // overflow, RFC 9113 6.9.1); the others are the client's malformed request or our fault.
            Http2Error code = cause instanceof Http2Exception found ? found.error()
                    : malformed ? Http2Error.PROTOCOL_ERROR : Http2Error.INTERNAL_ERROR;
            ctx.writeAndFlush(new DefaultHttp2ResetFrame(code), ctx.voidPromise());
        }
        ctx.close();
    }
}
