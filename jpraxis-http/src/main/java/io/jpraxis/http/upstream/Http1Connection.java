package io.jpraxis.http.upstream;

import io.jpraxis.http.support.IdleDeadline;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.util.ArrayDeque;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HTTP/1.1 upstream connection: the last handler of its channel until it closes or switches,
 * lent to one exchange at a time as an {@link UpstreamStream} and parked in its loop's
 * {@link Http1LoopPool} in between. While parked it keeps a read pending, so an origin that closes
 * an idle connection is noticed at once and the connection is dropped instead of reused. After a
 * {@code 101} it is never pooled again: the exchange takes the channel over for a tunnel
 * ({@link #switchProtocols}) or aborts it.
 */
final class Http1Connection extends ChannelInboundHandlerAdapter implements UpstreamStream {
    private static final Logger log = LoggerFactory.getLogger(Http1Connection.class);

    private final PoolKey key;
    private final Http1LoopPool pool;
    private final UpstreamTimeouts timeouts;
    private final IdleDeadline readDeadline;
    private final IdleDeadline writeDeadline;
    private Channel channel;
    private UpstreamStreamListener listener;
    private boolean reused;
    private boolean failed;
    private boolean pooled;
    private long pooledSinceNanos;
    /** Whether silence from the origin counts against {@code read_timeout_ms}: request sent, or answer begun. */
    private boolean awaitingResponse;
    private boolean readOutstanding;
    private boolean responseComplete;
    private boolean skippingInterim;
    /**
     * A 101 went to the exchange: the codec has stopped parsing (Netty passes what follows as raw
     * bytes), and what arrives before {@link #switchProtocols} waits in {@code pastSwitch}.
     */
    private boolean switched;
    private ArrayDeque<ByteBuf> pastSwitch;

    Http1Connection(PoolKey key, Http1LoopPool pool, UpstreamTimeouts timeouts) {
        this.key = key;
        this.pool = pool;
        this.timeouts = timeouts;
        this.readDeadline = new IdleDeadline(pool.loop(), timeouts.readMs(), () -> fail(UpstreamFailure.READ_TIMEOUT));
        // An origin that stops reading the request body would otherwise stall the exchange forever.
        this.writeDeadline = new IdleDeadline(pool.loop(), timeouts.writeMs(), () -> fail(UpstreamFailure.WRITE_TIMEOUT));
    }

    PoolKey key() {
        return key;
    }

    UpstreamTimeouts timeouts() {
        return timeouts;
    }

    boolean isActive() {
        return channel != null && channel.isActive() && !failed;
    }

    long pooledSinceNanos() {
        return pooledSinceNanos;
    }

    /** Called by the pool when the connection is parked: watch for the origin closing it. */
    void parked() {
        pooled = true;
        pooledSinceNanos = System.nanoTime();
        channel.read();
    }

    /** Called by the pool when the connection is lent again. */
    void unparked() {
        pooled = false;
        reused = true;
    }

    void close() {
        failed = true;
        listener = null;
        if (pastSwitch != null) {
            pastSwitch.forEach(ReferenceCountUtil::release);
            pastSwitch = null;
        }
        readDeadline.cancel();
        writeDeadline.cancel();
        if (channel != null) {
            channel.close();
        }
    }

    // ---- UpstreamStream ----

    @Override
    public EventLoop eventLoop() {
        return pool.loop();
    }

    @Override
    public void bind(UpstreamStreamListener newListener) {
        this.listener = newListener;
        awaitingResponse = false;
        responseComplete = false;
        skippingInterim = false;
    }

    @Override
    public boolean reused() {
        return reused;
    }

    @Override
    public void write(HttpObject message) {
        channel.write(message, channel.voidPromise());
        if (!channel.isWritable() && !writeDeadline.active()) {
            writeDeadline.start();
        }
    }

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
            return; // the origin answered before the request was complete
        }
        awaitingResponse = true;
        if (readOutstanding) {
            readDeadline.start();
        }
    }

    @Override
    public void release() {
        listener = null;
        readDeadline.stop();
        writeDeadline.stop();
        if (!responseComplete || !isActive() || !pool.offer(this)) {
            close();
        }
    }

    @Override
    public void abort() {
        close();
    }

    /**
     * Leaves HTTP after the 101 the exchange accepted: {@code takeOver} goes in after this handler,
     * gets the bytes the origin sent past the 101 (held here, then what the codec had not parsed
     * when it leaves), and then this handler leaves too. The pool never sees the connection again.
     */
    @Override
    public Channel switchProtocols(ChannelHandler takeOver) {
        if (!switched) {
            throw new IllegalStateException("no 101 from the upstream to switch on");
        }
        readDeadline.cancel();
        writeDeadline.cancel();
        listener = null;
        ChannelPipeline pipeline = channel.pipeline();
        ChannelHandlerContext self = pipeline.context(this);
        if (self == null) {
            return channel; // closed meanwhile: the handlers are gone, the tunnel ends at once
        }
        pipeline.addAfter(self.name(), "tunnel", takeOver);
        ByteBuf held;
        while (pastSwitch != null && (held = pastSwitch.poll()) != null) {
            self.fireChannelRead(held);
        }
        pipeline.remove(Http1ClientCodec.class); // its unparsed bytes pass through channelRead on to takeOver
        pipeline.remove(this);
        Channel handedOver = channel;
        // The tunnel owns the channel now: an abort of this stream (the exchange ending with the
        // tunnel) must not close it before what the tunnel queued for the origin is written.
        channel = null;
        return handedOver;
    }

    // ---- channel events ----

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.channel = ctx.channel();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        readOutstanding = false;
        readDeadline.stop();
        if (switched) {
            onPastSwitch(ctx, msg);
            return;
        }
        UpstreamStreamListener current = listener;
        if (current == null) {
            ReferenceCountUtil.release(msg);
            if (pooled) {
                // An idle HTTP/1.1 connection has nothing to say (RFC 9112 9.3): it is broken.
                log.debug("unsolicited data on idle upstream connection to {}:{}; closing", key.host(), key.port());
                close();
            }
            return;
        }
        DecoderResult result = ((HttpObject) msg).decoderResult();
        if (result.isFailure()) {
            ReferenceCountUtil.release(msg);
            fail(result.cause() instanceof PrematureChannelClosureException
                    ? UpstreamFailure.PREMATURE_CLOSE : UpstreamFailure.PROTOCOL_ERROR);
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
        if (head.status().code() == 101) {
            // The exchange decides whether it completes an upgrade (see docs/behaviour/websocket.md);
            // nothing after it is HTTP, whatever it decides.
            switched = true;
            awaitingResponse = false;
            readDeadline.stop();
            current.onResponseHead(head);
            return;
        }
        if (head.status().codeClass() == HttpStatusClass.INFORMATIONAL) {
            // Other interim responses (RFC 9110 15.2) are not relayed: the gateway answers Expect itself.
            skippingInterim = true;
            read();
            return;
        }
        String codings = head.headers().get(HttpHeaderNames.TRANSFER_ENCODING);
        if (codings != null && !HttpHeaderValues.CHUNKED.contentEqualsIgnoreCase(codings.trim())) {
            // Other codings would be lost with the hop-by-hop header when re-framed downstream.
            fail(UpstreamFailure.PROTOCOL_ERROR);
            return;
        }
        // Once the origin is answering, its silence counts even while the request is still being
        // sent: otherwise an origin that stalls mid-response waits on a client that may stall too.
        awaitingResponse = true;
        current.onResponseHead(head);
    }

    private void onContent(UpstreamStreamListener current, HttpContent content) {
        if (skippingInterim) {
            content.release();
            if (content instanceof LastHttpContent) {
                skippingInterim = false;
            }
            read();
            return;
        }
        if (content instanceof LastHttpContent) {
            responseComplete = true;
            awaitingResponse = false;
            readDeadline.stop();
        }
        current.onResponseContent(content);
    }

    /**
     * After a 101: the codec's empty last piece is dropped, bytes wait for the tunnel (or, once it
     * took over, pass on to it).
     */
    private void onPastSwitch(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf bytes) || failed) {
            ReferenceCountUtil.release(msg);
        } else if (listener == null) {
            ctx.fireChannelRead(bytes); // the codec leaving: its unparsed bytes go to the tunnel
        } else {
            if (pastSwitch == null) {
                pastSwitch = new ArrayDeque<>(2);
            }
            pastSwitch.add(bytes);
        }
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
        }
        UpstreamStreamListener current = listener;
        if (current != null && ctx.channel().isWritable()) {
            current.onWritable();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        readDeadline.cancel();
        writeDeadline.cancel();
        if (switched) {
            // Between the 101 and the tunnel: the tunnel relays what arrived and sees the close.
            return;
        }
        if (pooled) {
            pooled = false;
            pool.remove(this);
        }
        if (responseComplete) {
            close();
            return;
        }
        // The codec has already turned a close-delimited body's end into a LastHttpContent, so a
        // listener still waiting here lost its response (RFC 9112 8: incomplete message).
        fail(UpstreamFailure.PREMATURE_CLOSE);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (listener == null) {
            log.debug("upstream connection to {}:{} failed while idle", key.host(), key.port(), cause);
            close();
            return;
        }
        log.debug("upstream connection to {}:{} failed", key.host(), key.port(), cause);
        fail(cause instanceof IOException ? UpstreamFailure.RESET : UpstreamFailure.PROTOCOL_ERROR);
    }

    /** Closes the connection and reports {@code failure} to the exchange, once. */
    private void fail(UpstreamFailure failure) {
        UpstreamStreamListener current = listener;
        boolean first = !failed;
        close();
        if (current != null && first) {
            current.onFailure(failure);
        }
    }
}
