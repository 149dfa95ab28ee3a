package io.jpraxis.http.server;

import io.jpraxis.core.context.DownstreamTls;
import io.jpraxis.http.error.EdgeError;
import io.jpraxis.http.exchange.ConnectionErrors;
import io.jpraxis.http.exchange.Downstream;
import io.jpraxis.http.exchange.Exchange;
import io.jpraxis.http.exchange.ListenerContext;
import io.jpraxis.http.server.tls.TlsAttributes;
import io.jpraxis.http.support.IdleDeadline;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HTTP/1.1 client connection: runs its requests one {@link Exchange} at a time, in arrival
 * order, so pipelined requests are answered in order (RFC 9112 9.3.2). The channel does not
 * auto-read, and this handler takes one decoded message per {@link #requestRead()}: what else a
 * socket read decoded (a head's empty last piece, pipelined requests) waits in {@code inbound}
 * for the next one, so a request body is pulled only as fast as the upstream takes it, and at
 * most one pipelined request head is taken while the current exchange runs. (Netty's
 * {@code FlowControlHandler} does the same as a handler of its own: one more pipeline hop for
 * every message and read, and a recycled queue per request.)
 *
 * <p>A request head must arrive whole within the header-read timeout counted from its first byte
 * (see docs/behaviour/limits.md#the-limits-table), else the client gets 408 and the connection
 * closes; a connection that sends nothing is closed by the idle timeout instead. When the
 * connection switches to HTTP/2 ({@link Http2Setup#STARTED}), {@link Http2ConnectionKeeper}
 * replaces this handler and the streams are served by {@link Http2StreamHandler}. When an exchange
 * becomes a WebSocket tunnel ({@link #switchProtocols}), the codec leaves and this handler stays
 * only to pass events on and to keep the connection's admission until it closes (see
 * docs/behaviour/websocket.md#the-tunnel).
 */
final class Http1ServerHandler extends ChannelDuplexHandler implements Downstream {
    private static final Logger log = LoggerFactory.getLogger(Http1ServerHandler.class);

    private final ListenerContext listener;
    private final ConnectionRegistry registry;
    private final ConnectionAdmission admission;
    private final long idleTimeoutMs;
    private final long headerReadTimeoutMs;
    private ChannelHandlerContext ctx;
    private IdleDeadline idle;
    private HeadReadDeadline headDeadline;
    private Exchange current;
    private HttpRequest nextHead;
    /** Decoded messages no read asked for yet, oldest first. */
    private final ArrayDeque<Object> inbound = new ArrayDeque<>(4);
    /** A read was asked for and no message has answered it yet. */
    private boolean readPending;
    private boolean closing;
    private boolean dispatching;
    /** The connection left HTTP for a tunnel: every event passes on to it (see {@link #switchProtocols}). */
    private boolean switched;
    /**
     * A TLS handshake is under way: the keep-alive idle timer waits for its end, the handshake has
     * its own budget (see docs/behaviour/tls-connections.md).
     */
    private boolean handshaking;

    /**
     * @param idleTimeoutMs the keep-alive idle timeout: how long the connection may stay silent
     *     between requests (on HTTP/2: without frames and open streams)
     * @param headerReadTimeoutMs how long a request head may take from its first byte to its end
     */
    Http1ServerHandler(ListenerContext listener, ConnectionRegistry registry, ConnectionGate gate, long idleTimeoutMs,
            long headerReadTimeoutMs) {
        this(listener, registry, gate, idleTimeoutMs, headerReadTimeoutMs, false);
    }

    /** @param tls the connection starts with a TLS handshake; the idle timer starts once it has succeeded */
    Http1ServerHandler(ListenerContext listener, ConnectionRegistry registry, ConnectionGate gate, long idleTimeoutMs,
            long headerReadTimeoutMs, boolean tls) {
        this.handshaking = tls;
        this.listener = listener;
        this.registry = registry;
        this.admission = new ConnectionAdmission(registry, gate, listener.metrics());
        this.idleTimeoutMs = idleTimeoutMs;
        this.headerReadTimeoutMs = headerReadTimeoutMs;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
        this.idle = new IdleDeadline(context.executor(), idleTimeoutMs, this::idleExpired);
        this.headDeadline = new HeadReadDeadline(context.executor(), headerReadTimeoutMs, this::headExpired);
    }

    @Override
    public void channelActive(ChannelHandlerContext context) {
        admission.admit(context.channel());
        drive();
        context.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object msg) {
        if (switched) {
            context.fireChannelRead(msg);
            return;
        }
        if (closing) {
            ReferenceCountUtil.release(msg); // lingering close: discard what the client still sends
            return;
        }
        if (!readPending || !inbound.isEmpty()) {
            inbound.add(msg); // decoded along with an earlier message: it waits for its own read
            return;
        }
        take(msg);
    }

    /** Handles one message a read asked for. */
    private void take(Object msg) {
        readPending = false;
        if (closing || !(msg instanceof HttpObject)) {
            // Lingering close: discard what the client still sends.
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest head) {
            if (msg instanceof HttpContent) {
                // Only the decoder's placeholder for an unparseable request is "full"; its head is what counts.
                ReferenceCountUtil.release(msg);
            }
            if (nextHead != null) {
                ReferenceCountUtil.release(nextHead);
                nextHead = null;
                log.warn("second pipelined request head before the first was served; closing");
                // Not abort(): channelInactive must still end the running exchange and free its upstream.
                closing = true;
                ctx.close();
                return;
            }
            nextHead = head;
            headDeadline.cancel();
            drive();
        } else if (msg instanceof HttpContent content) {
            if (current != null) {
                current.onRequestContent(RequestTrailers.strip(content));
            } else {
                // The tail of a request already answered (a body-less request's empty last piece):
                // the read it used was meant for the next head, so ask again.
                content.release();
                drive();
            }
        }
    }

    /**
     * Starts the next exchange when the connection is free. A loop rather than recursion: a
     * synchronously answered request may complete, read the next pipelined head and complete again
     * many times within one call, and must not grow the stack each time.
     */
    private void drive() {
        if (dispatching) {
            return;
        }
        dispatching = true;
        try {
            while (!closing && current == null) {
                if (nextHead != null) {
                    HttpRequest head = nextHead;
                    nextHead = null;
                    idle.stop();
                    current = new Exchange(this, listener, head);
                    if (admission.admitsRequest()) {
                        current.start();
                    } else {
                        current.refuseOverCapacity();
                    }
                    continue;
                }
                if (!handshaking) {
                    idle.start();
                }
                requestRead();
                if (nextHead == null) {
                    break; // nothing queued: the head arrives with a later socket read
                }
            }
        } finally {
            dispatching = false;
        }
    }

    /** The first byte of a request head arrived: the whole head must follow within the deadline. */
    private void headStarted() {
        idle.stop();
        if (!closing) {
            headDeadline.start();
        }
    }

    private void headExpired() {
        if (closing || nextHead != null) {
            return;
        }
        log.debug("request head from {} not complete after {} ms; answering 408", clientAddress(),
                headDeadline.timeoutMs());
        listener.metrics().requestHeadTimeout();
        closing = true;
        idle.cancel();
        if (current == null) {
            ctx.writeAndFlush(ConnectionErrors.render(EdgeError.REQUEST_HEAD_TIMEOUT, listener))
                    .addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.close(); // a pipelined head trickling in behind a busy exchange: no slot for a response
        }
    }

    /**
     * The connection now speaks HTTP/2 (no HTTP/1 exchange ran or is waiting: the switch comes
     * before the first request, or takes the upgrade request itself): the streams read for
     * themselves, the connection reads freely, and {@link Http2ConnectionKeeper} takes over this
     * handler's place with the connection's admission.
     */
    private void switchToHttp2() {
        closing = true; // nothing of HTTP/1 runs here any more
        releaseInbound();
        idle.cancel();
        headDeadline.dispose();
        ctx.channel().config().setAutoRead(true);
        ctx.pipeline().replace(this, "connection", new Http2ConnectionKeeper(admission, listener.metrics(), idleTimeoutMs));
    }

    private void idleExpired() {
        if (current == null && !closing && !headDeadline.running()) {
            log.debug("closing idle connection from {}", clientAddress());
            closing = true;
            ctx.close();
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext context) {
        releaseInbound();
    }

    private void releaseInbound() {
        Object queued;
        while ((queued = inbound.poll()) != null) {
            ReferenceCountUtil.release(queued);
        }
    }

    // ---- Downstream ----

    @Override
    public EventLoop eventLoop() {
        return ctx.channel().eventLoop();
    }

    @Override
    public InetSocketAddress clientAddress() {
        // Null for transports without IP addresses (embedded test channels, Unix sockets).
        return ctx.channel().remoteAddress() instanceof InetSocketAddress inet ? inet : null;
    }

    @Override
    public DownstreamTls tls() {
        return TlsAttributes.downstreamTls(ctx.channel());
    }

    @Override
    public boolean draining() {
        return registry.draining();
    }

    @Override
    public void requestRead() {
        if (closing) {
            return;
        }
        Object queued = inbound.poll();
        if (queued != null) {
            readPending = true;
            take(queued);
        } else if (!readPending) {
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

    @Override
    public void complete(LastHttpContent last, boolean keepAlive) {
        Exchange done = current;
        current = null;
        // A drain that began after the head promised keep-alive still ends the connection here.
        if (keepAlive && !closing && !registry.draining()) {
            ctx.writeAndFlush(last, ctx.voidPromise());
            drive();
            return;
        }
        closing = true;
        idle.cancel();
        headDeadline.dispose();
        ReferenceCountUtil.release(nextHead);
        nextHead = null;
        ChannelFuture written = ctx.writeAndFlush(last);
        if (done == null || done.requestReceived()) {
            written.addListener(ChannelFutureListener.CLOSE);
        } else {
            written.addListener(f -> LingeringClose.start(ctx.channel()));
        }
    }

    @Override
    public void abort() {
        closing = true;
        current = null;
        ctx.close();
    }

    @Override
    public void abortAfterWrites() {
        closing = true;
        current = null;
        // An empty write at the socket end of the pipeline completes after every write queued before it.
        ctx.pipeline().firstContext().writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public boolean switchesProtocols() {
        return !closing;
    }

    /**
     * Leaves HTTP: the 101 goes out through the encoder, then the h2c upgrade handler and the codec
     * leave; the bytes the decoder held past the upgrade request (it stops there, see
     * {@link StrictRequestDecoder}) pass through this handler to {@code takeOver}. This handler
     * stays for the connection's admission and its close.
     */
    @Override
    public Channel switchProtocols(HttpResponse switching, ChannelHandler takeOver) {
        closing = true;
        switched = true;
        current = null;
        readPending = false;
        idle.cancel();
        headDeadline.dispose();
        releaseInbound(); // the upgrade request's empty last piece
        ReferenceCountUtil.release(nextHead);
        nextHead = null;
        ChannelPipeline pipeline = ctx.pipeline();
        ctx.writeAndFlush(new DefaultFullHttpResponse(switching.protocolVersion(), switching.status(),
                Unpooled.EMPTY_BUFFER, switching.headers(), EmptyHttpHeaders.INSTANCE), ctx.voidPromise());
        pipeline.addAfter(ctx.name(), "tunnel", takeOver);
        if (pipeline.get(H2cUpgrade.class) != null) {
            pipeline.remove(H2cUpgrade.class);
        }
        if (pipeline.get(Http1RequestCodec.class) != null) {
            pipeline.remove(Http1RequestCodec.class);
        }
        return ctx.channel();
    }

    // ---- channel events ----

    @Override
    public void channelReadComplete(ChannelHandlerContext context) {
        if (switched) {
            context.fireChannelReadComplete();
            return;
        }
        // A read cycle ends every outstanding read(), even one that got no message (a partial
        // head): a read still wanted must be asked for again.
        if (readPending && !closing && inbound.isEmpty()) {
            ctx.read();
        }
        context.fireChannelReadComplete();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) {
        if (current != null && context.channel().isWritable()) {
            current.onDownstreamWritable();
        }
        context.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        closing = true;
        idle.cancel();
        headDeadline.dispose();
        Exchange inFlight = current;
        current = null;
        if (inFlight != null) {
            inFlight.onDownstreamClosed();
        }
        ReferenceCountUtil.release(nextHead);
        nextHead = null;
        releaseInbound();
        admission.release();
        context.fireChannelInactive();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object event) {
        if (event == StrictRequestDecoder.HEAD_STARTED) {
            headStarted();
            return;
        }
        if (event == Http2Setup.STARTED) {
            switchToHttp2();
            return;
        }
        if (event instanceof SslHandshakeCompletionEvent done && handshaking) {
            handshaking = false;
            if (done.isSuccess() && current == null && nextHead == null && !closing && !headDeadline.running()) {
                idle.start();
            }
        }
        if (event == ConnectionRegistry.DRAIN) {
            // A tunnel is an open connection to the end: a graceful stop waits for it up to its
            // timeout (see docs/behaviour/websocket.md#idle-close-and-shutdown).
            if (current == null && !switched && !closing && !headDeadline.running()) {
                closing = true;
                context.close(); // idle keep-alive connection: nothing to finish
            }
            // A busy one, or one whose request head is arriving, closes after its response
            // (Exchange sees draining()); the header-read deadline bounds a head that never ends.
            return;
        }
        context.fireUserEventTriggered(event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        if (switched) {
            context.fireExceptionCaught(cause);
            return;
        }
        if (cause instanceof IOException) {
            log.debug("client connection {} failed: {}", clientAddress(), cause.toString());
        } else {
            log.warn("client connection {} failed", clientAddress(), cause);
        }
        closing = true;
        context.close();
    }
}
