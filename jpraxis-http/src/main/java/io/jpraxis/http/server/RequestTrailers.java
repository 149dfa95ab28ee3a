package io.jpraxis.http.server;

import io.jpraxis.http.exchange.Trailers;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * Cleans a client's request trailers (RFC 9110 6.5) before the exchange sees the request's last
 * piece, which then carries them to the origin: on an HTTP/2 leg as a trailing HEADERS frame, on an
 * HTTP/1.1 leg when the request goes chunked (see docs/behaviour/upstream-http2.md#trailers). The
 * ingress checks run on the head only, so what the head may not carry comes out here: reserved
 * {@code x-praxis-*} names (see docs/behaviour/routing-headers.md#reserved-header-prefixes),
 * hop-by-hop fields, and the fields that frame or route a message, which a trailer may not change
 * (RFC 9110 6.5.1). No filter reads request trailers.
 */
final class RequestTrailers {
    private RequestTrailers() {
    }

    /** {@code content}, its trailers (when it is a last piece with some) cleaned in place. */
    static HttpContent strip(HttpContent content) {
        if (!(content instanceof LastHttpContent last) || last.trailingHeaders().isEmpty()) {
            return content;
        }
        Trailers.strip(last);
        HttpHeaders trailers = last.trailingHeaders();
        trailers.remove(HttpHeaderNames.HOST);
        trailers.remove(HttpHeaderNames.CONTENT_LENGTH);
        trailers.remove(HttpHeaderNames.CONTENT_TYPE);
        trailers.remove(HttpHeaderNames.AUTHORIZATION);
        return content;
    }
}
