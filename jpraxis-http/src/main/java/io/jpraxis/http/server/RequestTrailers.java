package io.jpraxis.http.server;

import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * Drops a client's request trailers (RFC 9110 6.5) before the exchange sees the request's last
 * piece. The ingress checks run on the head only, so relayed trailers would carry past them what the
 * head may not: reserved {@code x-praxis-*} headers (see
 * docs/behaviour/routing-headers.md#reserved-header-prefixes), owned headers (see
 * docs/behaviour/routing-headers.md#headers-a-filter-owns) and hop-by-hop fields, to origins that
 * read trailers as headers. No filter reads request trailers.
 */
final class RequestTrailers {
    private RequestTrailers() {
    }

    /** {@code content}, or when it is a last piece with trailers, the same bytes without them. */
    static HttpContent strip(HttpContent content) {
        if (!(content instanceof LastHttpContent last) || last.trailingHeaders().isEmpty()) {
            return content;
        }
        // The buffer changes hands: the old message is dropped without a release.
        LastHttpContent bare = new DefaultLastHttpContent(last.content());
        bare.setDecoderResult(last.decoderResult());
        return bare;
    }
}
