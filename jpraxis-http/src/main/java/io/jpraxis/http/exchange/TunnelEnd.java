package io.jpraxis.http.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.ssl.SslCloseCompletionEvent;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One side of a {@link Tunnel}: the last handler of its connection once HTTP left it. What it
 * reads goes to the other side as it came; it asks for the next read only when the other side can
 * take more (else it waits for that side's writability), so at most one read per direction is in
 * flight. Bytes that arrive before the tunnel starts (read past the upgrade along with the HTTP
 * messages) wait and go first.
 */
final class TunnelEnd extends ChannelInboundHandlerAdapter {
    private final Tunnel tunnel;
    private final String name;
    private final ArrayDeque<ByteBuf> early = new ArrayDeque<>(2);
    private Channel channel;
    private TunnelEnd peer;
    private boolean started;
    /** Waiting for the other side to drain before reading again. */
    private boolean paused;
    private boolean inputDone;
    private boolean outputDone;
    private boolean closed;
    /** The connection's input ended (FIN) or the connection closed before the tunnel started. */
    private boolean endedEarly;
    private long bytesRead;

    TunnelEnd(Tunnel tunnel, String name) {
        this.tunnel = tunnel;
        this.name = name;
    }

    String name() {
        return name;
    }

    long bytesRead() {
        return bytesRead;
    }

    boolean inputDone() {
        return inputDone;
    }

    /** Names this side's connection and the other side; both sides are attached before either starts. */
    void attach(Channel ownChannel, TunnelEnd other) {
        channel = ownChannel;
        peer = other;
    }

    /** Relays what came early, then reads; a connection already closed ends the tunnel after that. */
    void start() {
        started = true;
        ByteBuf held;
        while ((held = early.poll()) != null) {
            relay(held);
        }
        if (bytesRead > 0) {
            peer.flush();
        }
        if (closed) {
            return; // the tunnel ended while the early bytes went
        }
        if (!channel.isActive() || endedEarly) {
            // Ended before it could be read as a tunnel (half-closure was not allowed yet): closed.
            closed = true;
            tunnel.sideClosed(this, true);
            return;
        }
        Tunnel.allowHalfClosure(channel);
        if (channel instanceof DuplexChannel duplex && duplex.isInputShutdown()) {
            inputEnded();
            return;
        }
        channel.read();
    }

    // ---- events of this side's connection ----

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf bytes) || closed) {
            ReferenceCountUtil.release(msg);
        } else if (!started) {
            early.add(bytes);
        } else {
            relay(bytes);
        }
    }

    private void relay(ByteBuf bytes) {
        bytesRead += bytes.readableBytes();
        tunnel.progress();
        peer.write(bytes);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (!started || closed) {
            return;
        }
        peer.flush();
        readMore();
    }

    private void readMore() {
        if (inputDone || closed) {
            return;
        }
        if (peer.writable()) {
            channel.read();
        } else {
            paused = true; // resumed by the other side's writability
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (started && ctx.channel().isWritable() && peer.paused) {
            peer.paused = false;
            peer.readMore();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        // A TLS close_notify ends this side's input as a FIN does: no data may follow it, and a
        // client may send it and keep its TCP connection open waiting for the answer.
        if (event instanceof ChannelInputShutdownEvent
                || event instanceof SslCloseCompletionEvent tlsEnd && tlsEnd.isSuccess()) {
            if (!started) {
                endedEarly = true;
            } else {
                inputEnded();
            }
            return;
        }
        ctx.fireUserEventTriggered(event);
    }

    /** This side sent FIN: its direction is done. */
    private void inputEnded() {
        if (!inputDone) {
            inputDone = true;
            peer.shutdownOutput();
            tunnel.directionDone();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (!started) {
            endedEarly = true;
        } else if (!closed) {
            closed = true;
            tunnel.sideClosed(this, true);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (!started) {
            endedEarly = true;
            ctx.close();
        } else if (!closed) {
            closed = true;
            ctx.close();
            tunnel.sideClosed(this, false);
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        releaseEarly();
    }

    // ---- what the other side does to this one ----

    private void write(ByteBuf bytes) {
        if (closed || outputDone) {
            bytes.release();
            return;
        }
        channel.write(bytes, channel.voidPromise());
    }

    private void flush() {
        if (!closed) {
            channel.flush();
        }
    }

    private boolean writable() {
        return closed || channel.isWritable();
    }

    /**
     * The other side sent FIN: after what it sent, this side's output ends too (TLS first says
     * close_notify), and this side may go on sending the other way.
     */
    private void shutdownOutput() {
        if (closed || outputDone) {
            return;
        }
        outputDone = true;
        // Shutting the output fails writes still queued, so it waits for them.
        channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(written -> {
            SslHandler tls = channel.pipeline().get(SslHandler.class);
            if (tls != null) {
                tls.closeOutbound().addListener(notified -> shutdownSocketOutput());
            } else {
                shutdownSocketOutput();
            }
        });
    }

    private void shutdownSocketOutput() {
        if (channel instanceof DuplexChannel duplex && duplex.isActive()) {
            duplex.shutdownOutput();
        } else {
            channel.close();
        }
    }

    /**
     * Closes this side once what it was sent is written, or after {@code graceMs} if its peer
     * does not read it: a tunnel that ended must not hold a connection for as long as a client likes.
     */
    void close(long graceMs) {
        releaseEarly();
        if (channel == null) {
            return;
        }
        closed = true;
        if (channel.isActive()) {
            channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            ScheduledFuture<?> forced = channel.eventLoop().schedule(() -> channel.close(), graceMs,
                    TimeUnit.MILLISECONDS);
            channel.closeFuture().addListener(closedNow -> forced.cancel(false));
        } else {
            channel.close();
        }
    }

    private void releaseEarly() {
        ByteBuf held;
        while ((held = early.poll()) != null) {
            held.release();
        }
    }
}
