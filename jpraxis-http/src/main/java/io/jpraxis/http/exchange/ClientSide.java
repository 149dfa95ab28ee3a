package io.jpraxis.http.exchange;

import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.http.upstream.UpstreamStream;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * The client's half of an exchange, as its upstream half ({@link ProxyExchange}, its
 * {@link RequestBodyRelay}) and the body read whole ({@link RequestPreRead}) see it: how to ask
 * for the request body, and how to send the response (head, pieces, end) or a failure. The
 * {@link Exchange} provides it and keeps the bookkeeping (status, state, keep-alive, the end of
 * the exchange) behind it. Called on the exchange's event loop only.
 */
interface ClientSide {

    /** Asks the client for (more of) the request body; the first ask answers {@code Expect: 100-continue}. */
    void readBody();

    /** Whether the connection may serve another request after this response, as far as the client and the gateway go. */
    boolean keepAliveWanted();

    /** Sends the response head (not flushed). */
    void sendHead(HttpResponse head);

    /** Queues a response body piece (ownership passes on); {@link #writable()} says whether to send more now. */
    void sendBody(HttpContent piece);

    void flush();

    /** False while the client is slower than the origin; {@link ProxyExchange#onDownstreamWritable()} follows. */
    boolean writable();

    /** Sends the last piece: the exchange is over; the connection serves the next request when {@code keepAlive}. */
    void sendEnd(LastHttpContent last, boolean keepAlive);

    /** The upstream side failed: a JSON error if no response head went out yet, else the connection is cut. */
    void fail(int status, String reason);

    /** Cuts the connection: a response under way cannot be completed. */
    void abort();

    /** A response filter refused the origin's answer: {@code replacement} goes to the client instead. */
    void replace(LocalResponse replacement);

    /**
     * The origin switched to WebSocket: {@code switching} goes to the client and both connections
     * become a {@link Tunnel}; the exchange ends when the tunnel does. The upstream half is over.
     */
    void switchProtocols(HttpResponse switching, UpstreamStream stream);
}
