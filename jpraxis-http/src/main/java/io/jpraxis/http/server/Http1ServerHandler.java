package io.jpraxis.http.server;

import io.jpraxis.http.exchange.Downstream;
import io.jpraxis.http.exchange.Exchange;
import io.jpraxis.http.exchange.ListenerContext;
import io.jpraxis.http.support.IdleDeadline;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.net.InetSocketAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HTTP/1.1 client connection: runs its requests one {@link Exchange} at a time, in arrival
 * order, so pipelined requests are answered in order (RFC 9112 9.3.2). The channel does not
 * auto-read; a {@code FlowControlHandler} in front of this handler hands over one decoded message
 * per read, so a request body is pulled only as fast as the upstream takes it, and at most one
 * pipelined request head waits while the current exchange runs.
 */
final class Http1ServerHandler extends ChannelDuplexHandler implements Downstream {
    private static final Logger log = LoggerFactory.getLogger(Http1ServerHandler.class);

    private final ListenerContext listener;
    private final ConnectionRegistry registry;
    private final ConnectionGate gate;
    private final long idleTimeoutMs;
    private ChannelHandlerContext ctx;
    private IdleDeadline idle;
    private Exchange current;
    private HttpRequest nextHead;
    private boolean readPending;
    private boolean closing;
    private boolean dispatching;
    private boolean admitted;

    /**
     * @param idleTimeoutMs how long to wait for a request head: the keep-alive idle timeout, which
     *     also bounds a client that sends its header block too slowly
     */
    Http1ServerHandler(ListenerContext listener, ConnectionRegistry registry, ConnectionGate gate, long idleTimeoutMs) {
        this.listener = listener;
        this.registry = registry;
        this.gate = gate;
        this.idleTimeoutMs = idleTimeoutMs;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
        this.idle = new IdleDeadline(context.executor(), idleTimeoutMs, this::idleExpired);
    }

    @Override
    public void channelActive(ChannelHandlerContext context) {
        admitted = gate.tryAcquire(registry.register(context.channel()));
        if (!admitted) {
            listener.metrics().rejectedConnection();
        }
        drive();
        context.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object msg) {
        readPending = false;
        if (closing || !(msg instanceof HttpObject)) {
            ReferenceCountUtil.release(msg); // lingering close: discard what the client still sends
            return;
        }
        if (msg instanceof HttpRequest head) {
            if (msg instanceof HttpContent) {
                // Only the decoder's placeholder for an unparseable request is "full"; its head is what counts.
                ReferenceCountUtil.release(msg);
            }
            if (nextHead != null) {
                ReferenceCountUtil.release(nextHead);
                log.warn("second pipelined request head before the first was served; closing");
                abort();
                return;
            }
            nextHead = head;
            drive();
        } else if (msg instanceof HttpContent content) {
            if (current != null) {
                current.onRequestContent(content);
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
                    if (admitted) {
                        current.start();
                    } else {
                        current.refuseOverCapacity();
                    }
                    continue;
                }
                idle.start();
                requestRead();
                if (nextHead == null) {
                    break; // nothing queued: the head arrives with a later socket read
                }
            }
        } finally {
            dispatching = false;
        }
    }

    private void idleExpired() {
        if (current == null && !closing) {
            log.debug("closing idle connection from {}", clientAddress());
            closing = true;
            ctx.close();
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
    public boolean draining() {
        return registry.draining();
    }

    @Override
    public void requestRead() {
        if (!readPending && !closing) {
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

    // ---- channel events ----

    @Override
    public void channelReadComplete(ChannelHandlerContext context) {
        // A read cycle ends every outstanding read() (FlowControlHandler collapses them), even one
        // that got no message: a read still wanted must be asked for again.
        if (readPending && !closing) {
            readPending = false;
            requestRead();
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
        Exchange inFlight = current;
        current = null;
        if (inFlight != null) {
            inFlight.onDownstreamClosed();
        }
        ReferenceCountUtil.release(nextHead);
        nextHead = null;
        if (admitted) {
            gate.release();
        }
        context.fireChannelInactive();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object event) {
        if (event == ConnectionRegistry.DRAIN) {
            if (current == null && !closing) {
                closing = true;
                context.close(); // idle keep-alive connection: nothing to finish
            }
            return; // a busy one closes after its response (Exchange sees draining())
        }
        context.fireUserEventTriggered(event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        if (cause instanceof IOException) {
            log.debug("client connection {} failed: {}", clientAddress(), cause.toString());
        } else {
            log.warn("client connection {} failed", clientAddress(), cause);
        }
        closing = true;
        context.close();
    }
}
