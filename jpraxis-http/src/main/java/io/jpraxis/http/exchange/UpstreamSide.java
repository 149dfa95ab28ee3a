package io.jpraxis.http.exchange;

import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;

/**
 * The upstream half of an {@link Exchange} as the exchange drives it: one relayed exchange
 * ({@link ProxyExchange}) or a hedged race ({@link HedgedExchange}). Called on the exchange's
 * event loop only.
 */
interface UpstreamSide {

    /** False when the declared body is over the limit and the exchange was answered. */
    boolean admitsDeclaredBody();

    /**
     * How much of the body to read whole before {@link #connect()}, or -1 to let it stream: by
     * default a small body with a declared length ({@link RequestPreRead#smallBodyLength}).
     */
    default long wholeBodyBound(HttpRequest head) {
        return RequestPreRead.smallBodyLength(head);
    }

    /** Takes a cluster slot and starts the upstream work. */
    void connect();

    /** A request body piece from the client; ownership passes here. */
    void onRequestContent(HttpContent content);

    /** The client can take more of the response. */
    void onDownstreamWritable();

    /** The client left (or the exchange broke): close the upstream side and give everything back. */
    void onDownstreamClosed();

    /** The request deadline passed before the response head: cancel the upstream and answer {@code status}. */
    void onDeadline(int status, String reason);

    /** Response body bytes received from the origin so far (for the access log). */
    long responseBytes();
}
