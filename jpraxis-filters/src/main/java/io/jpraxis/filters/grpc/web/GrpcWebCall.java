package io.jpraxis.filters.grpc.web;

import io.jpraxis.core.context.Extensions;

/**
 * One translated call, from its request to the end of its response; kept in the request's
 * extensions. Confined to the request's event loop.
 */
final class GrpcWebCall {
    static final Extensions.Key<GrpcWebCall> KEY = new Extensions.Key<>("grpc_web.call", GrpcWebCall.class);

    final GrpcWebKind kind;
    /** The response encoder of a {@code -text} call; null for binary. */
    final Base64Stream encoder;
    /** Set once the client has the call's status: in the head (Trailers-Only) or in a trailer frame. */
    boolean statusDelivered;

    GrpcWebCall(GrpcWebKind kind) {
        this.kind = kind;
        this.encoder = kind.text() ? new Base64Stream() : null;
    }
}
