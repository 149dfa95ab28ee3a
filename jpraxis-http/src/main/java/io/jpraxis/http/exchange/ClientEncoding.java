package io.jpraxis.http.exchange;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.ResponseCompression;
import io.jpraxis.http.encoding.ResponseEncoding;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * The origin's response on its way to the client, encoded when a {@code compression} filter marked
 * the request (see docs/reference/filters/compression.md); passed through as it is otherwise.
 */
final class ClientEncoding {
    private ResponseEncoding encoding;

    /** Decides at each response head (an interim one leaves the body alone). */
    void head(RequestContext ctx, HttpRequest request, HttpResponse head) {
        encoding = ResponseEncoding.begin(ctx.extensions().get(ResponseCompression.KEY).orElse(null), request, head);
    }

    HttpContent body(HttpContent piece) {
        return encoding == null ? piece : encoding.piece(piece, piece.content().alloc());
    }

    LastHttpContent last(LastHttpContent last) {
        return encoding == null ? last : encoding.last(last, last.content().alloc());
    }

    /** A response cut short: the codec's native memory goes now. */
    void abandon() {
        if (encoding != null) {
            encoding.abandon();
        }
    }
}
