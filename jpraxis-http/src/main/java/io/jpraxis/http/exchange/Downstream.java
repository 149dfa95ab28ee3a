package io.jpraxis.http.exchange;

import io.jpraxis.core.context.DownstreamTls;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import java.net.InetSocketAddress;

/**
 * The client connection as an {@link Exchange} sees it. Implemented by the HTTP/1.1 connection
 * handler (and later the HTTP/2 stream handler); every method runs on {@link #eventLoop()}.
 */
public interface Downstream {

    EventLoop eventLoop();

    InetSocketAddress clientAddress();

    /** What the connection's TLS handshake settled; null on a cleartext connection. */
    default DownstreamTls tls() {
        return null;
    }

    /** Whether the gateway is shutting down: responses then close their connection. */
    boolean draining();

    /** Asks for the next request message (a body piece, or the next request's head). */
    void requestRead();

    /** Queues a response message without flushing. */
    void write(HttpObject message);

    void flush();

    /** False while the client is slower than the origin; see {@link Exchange#onDownstreamWritable()}. */
    boolean isWritable();

    /**
     * Writes the response's last piece and ends the exchange: the connection serves the next
     * request when {@code keepAlive}, else it closes (after draining an unread request body).
     */
    void complete(LastHttpContent last, boolean keepAlive);

    /** Closes the connection at once: a response already under way cannot be completed. */
    void abort();

    /**
     * As {@link #abort()}, but only once what was already written has gone out: a body cut right
     * after its last piece was queued (see docs/behaviour/iterative-router.md#streamed-answers)
     * still delivers that piece.
     */
    default void abortAfterWrites() {
        abort();
    }

    /** Whether the connection can leave HTTP after a {@code 101} (an HTTP/1.x connection; never an HTTP/2 stream). */
    default boolean switchesProtocols() {
        return false;
    }

    /**
     * Writes the {@code 101} and leaves HTTP (see docs/behaviour/websocket.md): the connection's
     * HTTP handlers stop handling messages, {@code takeOver} goes in after them and receives first
     * whatever the client sent past the upgrade request, and no further exchange runs on the
     * connection. The connection's accounting (caps, graceful stop) stays with it until it closes.
     */
    default Channel switchProtocols(HttpResponse switching, ChannelHandler takeOver) {
        throw new UnsupportedOperationException("this connection cannot switch protocols");
    }
}
