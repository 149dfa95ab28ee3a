package io.jpraxis.http.upstream;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpObject;

/**
 * One request/response exchange with an origin: an HTTP/1.1 connection lent for one exchange, or
 * (later) one stream of a multiplexed HTTP/2 connection. Both speak Netty's HTTP/1 object model
 * outbound ({@code HttpRequest}, {@code HttpContent}) and report inbound messages to a
 * {@link UpstreamStreamListener}; the HTTP/2 pool can reuse the same contract through
 * {@code Http2StreamFrameToHttpObjectCodec}.
 *
 * <p>Every method must be called on {@link #eventLoop()}, which is the downstream connection's own
 * loop, so relaying never hops threads. Reads are explicit: the stream delivers inbound data only
 * after {@link #read()}, which is how downstream backpressure reaches the origin.
 */
public interface UpstreamStream {

    EventLoop eventLoop();

    /** Attaches the exchange that receives inbound events; once per acquisition. */
    void bind(UpstreamStreamListener listener);

    /** Whether the stream was reused from a pool (a stale pooled connection may fail on first use). */
    boolean reused();

    /** Queues a message without flushing; ownership passes to the stream. */
    void write(HttpObject message);

    void flush();

    /** False while the outbound buffer is above its high-water mark; see {@link UpstreamStreamListener#onWritable()}. */
    boolean isWritable();

    /** Asks for the next inbound message(s). */
    void read();

    /**
     * The request has been sent completely: from now on silence from the origin counts against the
     * cluster's {@code read_timeout_ms} (as it does anyway once the origin has begun its answer).
     */
    void requestSent();

    /** The exchange completed cleanly (request sent, response fully read): the stream may be reused. */
    void release();

    /** The exchange is abandoned (client gone, response replaced, limits): close, never reuse. */
    void abort();

    /**
     * Leaves HTTP after a {@code 101} the exchange accepted (see docs/behaviour/websocket.md): the
     * stream's handlers leave the connection's pipeline and {@code takeOver} is put in their place,
     * receiving first whatever bytes already arrived past the 101. The stream is not used again;
     * the returned channel belongs to the caller (it may already be closed). Only an HTTP/1.1
     * connection can switch.
     */
    default Channel switchProtocols(ChannelHandler takeOver) {
        throw new UnsupportedOperationException("this upstream stream cannot switch protocols");
    }
}
