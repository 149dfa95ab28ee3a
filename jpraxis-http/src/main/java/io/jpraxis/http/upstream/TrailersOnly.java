package io.jpraxis.http.upstream;

import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Splits a response that an HTTP/2 origin ended with its header block into the head and last piece
 * the exchange relays. A gRPC answer of that shape is "Trailers-Only": the block is the call's
 * trailers, so everything but {@code :status} and {@code Content-Type} goes into the last piece's
 * trailers, where a gRPC client looks for {@code grpc-status} when the response crosses the gateway
 * as a head and a trailer block (see docs/behaviour/upstream-http2.md#trailers).
 */
final class TrailersOnly {
    private TrailersOnly() {
    }

    /** The head and the last piece of {@code full}; its content buffer moves to the last piece. */
    static Split split(FullHttpResponse full) {
        HttpHeaders headers = full.headers();
        HttpHeaders trailers = DefaultHttpHeadersFactory.trailersFactory().newHeaders();
        if (isGrpc(headers) && headers.contains("grpc-status")) {
            List<String> moved = new ArrayList<>();
            for (Map.Entry<String, String> line : headers) {
                String name = line.getKey().toLowerCase(Locale.ROOT);
                if (!name.equals("content-type") && !name.startsWith("x-http2-")) {
                    trailers.add(line.getKey(), line.getValue());
                    moved.add(line.getKey());
                }
            }
            moved.forEach(headers::remove);
        }
        trailers.add(full.trailingHeaders());
        HttpResponse head = new DefaultHttpResponse(full.protocolVersion(), full.status(), headers);
        head.setDecoderResult(full.decoderResult());
        return new Split(head, new DefaultLastHttpContent(full.content(), trailers));
    }

    private static boolean isGrpc(HttpHeaders headers) {
        String type = headers.get(HttpHeaderNames.CONTENT_TYPE);
        return type != null && type.regionMatches(true, 0, "application/grpc", 0, "application/grpc".length());
    }

    /** A head and the piece that ends its body. */
    record Split(HttpResponse head, LastHttpContent last) {
    }
}
