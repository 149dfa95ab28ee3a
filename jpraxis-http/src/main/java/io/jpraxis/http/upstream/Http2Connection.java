package io.jpraxis.http.upstream;

import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.upstream.UpstreamConnector.AcquireCallback;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameStreamException;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2SettingsFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One multiplexed HTTP/2 upstream connection: the last handler of its channel, after the frame codec
 * and the multiplexer. Exchanges that arrive before the origin's first SETTINGS wait here, so a burst
 * of requests shares one new connection instead of opening one each; then each gets a stream while
 * fewer than the origin's {@code SETTINGS_MAX_CONCURRENT_STREAMS} are open, and the rest go back to
 * the connector, which opens another connection. After a GOAWAY the connection takes no new stream
 * and closes once its last one ends (see docs/behaviour/upstream-http2.md#the-connection-pool).
 * Confined to its event loop.
 */
final class Http2Connection extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(Http2Connection.class);
    /**
     * Receive window of the whole connection; each stream keeps the protocol's 64 KiB, so one slow
     * client holds back only its own stream while the others share the connection.
     */
    static final int CONNECTION_WINDOW_BYTES = 4 * 1024 * 1024;

    private enum State { CONNECTING, READY, DRAINING, CLOSED }

    /** An exchange waiting for the connection's SETTINGS. */
    private record Waiter(UpstreamTarget target, AcquireCallback callback) {
    }

    /** Where waiters the connection cannot take go to be placed again. */
    interface Overflow {
        /** As a new acquisition: a connection with room, one being made, or a new one. */
        void acquireElsewhere(UpstreamTarget target, AcquireCallback callback);

        /** On a connection of its own, made now: HTTP/1.1 carries one exchange at a time. */
        void connectAlone(UpstreamTarget target, AcquireCallback callback);
    }

    private final PoolKey key;
    private final Http2LoopPool pool;
    private final UpstreamTimeouts timeouts;
    private final PoolEvents metrics;
    private final Overflow overflow;
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    private Channel channel;
    private Http2FrameCodec codec;
    private State state = State.CONNECTING;
    private long maxStreams = Long.MAX_VALUE;
    private int activeStreams;
    private long streamsOpened;
    private long idleSinceNanos = System.nanoTime();
    private ScheduledFuture<?> settingsDeadline;
    /** When the connection was made: connect, TLS and the SETTINGS wait share one budget. */
    private final long createdNanos = System.nanoTime();
    /** Whether the open-connections gauge counts this one. */
    private boolean counted;

    Http2Connection(PoolKey key, Http2LoopPool pool, UpstreamTimeouts timeouts, PoolEvents metrics, Overflow overflow) {
        this.key = key;
        this.pool = pool;
        this.timeouts = timeouts;
        this.metrics = metrics;
        this.overflow = overflow;
    }

    PoolKey key() {
        return key;
    }

    UpstreamTimeouts timeouts() {
        return timeouts;
    }

    EventLoop loop() {
        return pool.loop();
    }

    int activeStreams() {
        return activeStreams;
    }

    long idleSinceNanos() {
        return idleSinceNanos;
    }

    boolean hasRoom() {
        return state == State.READY && channel.isActive() && activeStreams < maxStreams;
    }

    /** Queues an exchange until the origin's SETTINGS say how many streams it takes. */
    void await(UpstreamTarget target, AcquireCallback callback) {
        waiters.add(new Waiter(target, callback));
    }

    /** The connection could not be made (TCP, TLS, ALPN): every waiting exchange learns why. */
    void connectFailed(UpstreamFailure failure) {
        state = State.CLOSED;
        pool.remove(this);
        cancelSettingsDeadline();
        if (channel != null) {
            channel.close();
        }
        failWaiters(failure);
    }

    /**
     * The origin picked http/1.1 for an {@code auto} cluster: the first waiter gets {@code http1},
     * the others get connections of their own (HTTP/1.1 carries one exchange at a time).
     */
    void becameHttp1(Http1Connection http1) {
        state = State.CLOSED;
        pool.remove(this);
        Waiter first = waiters.poll();
        List<Waiter> rest = new ArrayList<>(waiters);
        waiters.clear();
        if (first != null) {
            first.callback().onAcquired(http1);
        } else {
            http1.abort(); // nobody waits any more; a connection that never carried an exchange is not pooled
        }
        // Each on a connection of its own, made at once, rather than one after the other.
        rest.forEach(w -> overflow.connectAlone(w.target(), w.callback()));
    }

    /** Opens a stream for one exchange; the connection must have room. */
    void openStream(AcquireCallback callback) {
        activeStreams++;
        metrics.h2StreamOpened();
        boolean reused = streamsOpened++ > 0;
        if (reused) {
            metrics.upstreamReuse();
        }
        Http2UpstreamStream stream = new Http2UpstreamStream(this, reused);
        new Http2StreamChannelBootstrap(channel).handler(new ChannelInitializer<Http2StreamChannel>() {
            @Override
            protected void initChannel(Http2StreamChannel ch) {
                // Reads are pulled by the exchange, so the stream's window opens only as the client
                // takes the response: downstream backpressure reaches the origin.
                ch.config().setAutoRead(false);
                ch.pipeline().addLast("h2-http", new Http2StreamFrameToHttpObjectCodec(false, true));
                ch.pipeline().addLast("upstream", stream);
            }
        }).open().addListener(f -> {
            if (f.isSuccess()) {
                ((Http2StreamChannel) f.getNow()).closeFuture().addListener(c -> streamClosed());
                callback.onAcquired(stream);
            } else {
                streamClosed();
                log.debug("opening a stream to {}:{} failed", key.host(), key.port(), f.cause());
                callback.onAcquireFailed(UpstreamFailure.RESET);
            }
        });
    }

    private void streamClosed() {
        activeStreams--;
        metrics.h2StreamClosed();
        if (activeStreams == 0) {
            idleSinceNanos = System.nanoTime();
            if (state == State.DRAINING) {
                channel.close();
            }
        }
    }

    /**
     * Whether the origin turned away the stream {@code streamId} unprocessed by a GOAWAY: its last
     * stream id is below, or the stream never got an id (RFC 9113 6.8).
     */
    boolean goneAwayBefore(int streamId) {
        if (codec == null || !codec.connection().goAwayReceived()) {
            return false;
        }
        return streamId <= 0 || streamId > codec.connection().local().lastStreamKnownByPeer();
    }

    /** Closes a connection nobody uses (idle timeout, shutdown); the codec sends GOAWAY. */
    void closeIdle() {
        state = State.CLOSED;
        pool.remove(this);
        if (channel != null) {
            channel.close();
        }
    }

    // ---- channel events ----

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        codec = ctx.pipeline().get(Http2FrameCodec.class);
        // The connection is of no use before the origin's SETTINGS (RFC 9113 3.4); its wait counts
        // against the cluster's connection budget, what the connect and a TLS handshake left of it.
        long leftMs = Math.max(1, timeouts.setupMs() - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - createdNanos));
        settingsDeadline = ctx.executor().schedule(() -> {
            if (state == State.CONNECTING) {
                log.debug("no SETTINGS from {}:{} within {} ms", key.host(), key.port(), timeouts.setupMs());
                connectFailed(UpstreamFailure.CONNECT_TIMEOUT);
            }
        }, leftMs, TimeUnit.MILLISECONDS);
        if (channel.isActive()) {
            widenWindow(ctx); // added after TLS: the codec has sent its preface already
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        widenWindow(ctx); // after the codec, which sent its preface on the same event
        ctx.fireChannelActive();
    }

    /** A WINDOW_UPDATE without a stream is the connection's: past the 64 KiB default. */
    private static void widenWindow(ChannelHandlerContext ctx) {
        ctx.writeAndFlush(new DefaultHttp2WindowUpdateFrame(CONNECTION_WINDOW_BYTES - Http2CodecUtil.DEFAULT_WINDOW_SIZE),
                ctx.voidPromise());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof Http2SettingsFrame settings) {
                onSettings(settings);
            } else if (msg instanceof Http2GoAwayFrame goAway) {
                onGoAway(goAway);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void onSettings(Http2SettingsFrame frame) {
        Long max = frame.settings().maxConcurrentStreams();
        if (max != null) {
            maxStreams = max;
        }
        if (state != State.CONNECTING) {
            return;
        }
        state = State.READY;
        cancelSettingsDeadline();
        metrics.upstreamConnect();
        metrics.h2ConnectionOpened();
        counted = true;
        pool.becameReady(this);
        if (maxStreams == 0) {
            log.warn("upstream {}:{} for cluster {} allows no HTTP/2 streams", key.host(), key.port(), key.cluster());
            failWaiters(UpstreamFailure.REFUSED_STREAM);
            return;
        }
        Waiter next;
        while (hasRoom() && (next = waiters.poll()) != null) {
            openStream(next.callback());
        }
        List<Waiter> rest = new ArrayList<>(waiters);
        waiters.clear();
        rest.forEach(w -> overflow.acquireElsewhere(w.target(), w.callback()));
    }

    private void onGoAway(Http2GoAwayFrame frame) {
        metrics.h2GoAwayReceived();
        log.debug("GOAWAY from {}:{} (last stream {}, {})", key.host(), key.port(), frame.lastStreamId(),
                frame.errorCode());
        if (state == State.READY || state == State.CONNECTING) {
            boolean wasConnecting = state == State.CONNECTING;
            state = State.DRAINING;
            pool.remove(this);
            if (wasConnecting) {
                failWaiters(UpstreamFailure.CONNECT_FAILED);
            }
        }
        if (activeStreams == 0) {
            channel.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        boolean wasConnecting = state == State.CONNECTING;
        if (counted) {
            counted = false;
            metrics.h2ConnectionClosed();
        }
        state = State.CLOSED;
        pool.remove(this);
        cancelSettingsDeadline();
        if (wasConnecting) {
            failWaiters(UpstreamFailure.CONNECT_FAILED);
        }
        ctx.fireChannelInactive();
    }

    /**
     * A stream's error (a stream the origin's GOAWAY forbids, say) is that stream's, which its own
     * handler reports; anything else ends the connection. The codec answers connection errors itself.
     */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof Http2FrameStreamException || cause instanceof Http2Exception.StreamException) {
            log.debug("stream error on HTTP/2 connection to {}:{}: {}", key.host(), key.port(), cause.toString());
            return;
        }
        log.debug("HTTP/2 connection to {}:{} failed", key.host(), key.port(), cause);
        ctx.close();
    }

    private void failWaiters(UpstreamFailure failure) {
        List<Waiter> failed = new ArrayList<>(waiters);
        waiters.clear();
        failed.forEach(w -> w.callback().onAcquireFailed(failure));
    }

    private void cancelSettingsDeadline() {
        if (settingsDeadline != null) {
            settingsDeadline.cancel(false);
            settingsDeadline = null;
        }
    }
}
