package io.jpraxis.http.exchange;

import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.http.error.EdgeError;
import io.jpraxis.http.error.ErrorResponses;
import io.jpraxis.http.support.HttpDate;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;

/**
 * Errors a connection answers when there is no request to answer yet (a request head that never
 * finished arriving): a JSON error that closes the connection, with a fresh request id.
 */
public final class ConnectionErrors {
    /** Stands in for the request that never arrived: a GET, so the error carries its body. */
    private static final HttpRequest NO_REQUEST = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/");

    private ConnectionErrors() {
    }

    /** The wire response for {@code error}, with {@code Connection: close}. */
    public static FullHttpResponse render(EdgeError error, ListenerContext listener) {
        String requestId = listener.services().ids().next();
        LocalResponse response = ErrorResponses.of(error, requestId);
        FullHttpResponse wire = LocalResponses.render(LocalResponses.headOf(response), response.body(), NO_REQUEST,
                false, requestId, listener.metrics());
        wire.headers().set(HttpHeaderNames.DATE, HttpDate.format(listener.services().clock().millis()));
        listener.metrics().localResponse();
        return wire;
    }
}
