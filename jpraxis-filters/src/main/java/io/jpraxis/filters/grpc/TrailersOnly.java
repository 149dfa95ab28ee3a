package io.jpraxis.filters.grpc;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;

/**
 * A gRPC call answered by the gateway itself as a Trailers-Only response (see
 * docs/behaviour/grpc.md#trailers-only-answers): HTTP 200, no body ({@code content-length: 0}, so an
 * HTTP/1.1 client on a kept-alive connection knows the response ended), the status and message in
 * the header block, where a gRPC client reads them when no trailers follow.
 */
public final class TrailersOnly {
    /** The plain gRPC content type. */
    public static final String GRPC = "application/grpc";

    private TrailersOnly() {
    }

    /** {@code status} with {@code message} (encoded here; null for none) and {@code contentType}. */
    public static LocalResponse of(GrpcStatus status, String message, String contentType) {
        HeaderMap headers = new HeaderMap()
                .set("content-type", contentType)
                .set("content-length", "0")
                .set("grpc-status", Integer.toString(status.code()));
        if (message != null) {
            headers.set("grpc-message", GrpcMessage.encode(message));
        }
        return new LocalResponse(200, headers, new byte[0]);
    }

    /** {@code status} with {@code message} as {@code application/grpc}. */
    public static LocalResponse of(GrpcStatus status, String message) {
        return of(status, message, GRPC);
    }
}
