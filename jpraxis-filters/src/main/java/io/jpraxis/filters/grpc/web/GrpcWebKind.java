package io.jpraxis.filters.grpc.web;

import io.jpraxis.core.http.GrpcContentType;
import java.util.Optional;

/**
 * Which gRPC-Web a request speaks, read from its {@code Content-Type} (see
 * docs/reference/filters/grpc_web.md#what-it-does): {@code application/grpc-web} (frames as they
 * are) or {@code application/grpc-web-text} (the frames base64-encoded), each with an optional
 * {@code +codec}.
 *
 * @param text whether the body is base64 ({@code -text})
 * @param codec the codec the suffix names
 */
record GrpcWebKind(boolean text, Codec codec) {
    private static final String PREFIX = "application/grpc-web";
    private static final String TEXT = "-text";

    /** The codec suffix: none or {@code +proto} is protobuf, gRPC's default. */
    enum Codec {
        PROTO, JSON, OTHER
    }

    /** The kind {@code contentType} names; empty when it is not gRPC-Web ({@code application/grpc-webx}). */
    static Optional<GrpcWebKind> of(String contentType) {
        String type = GrpcContentType.mediaType(contentType);
        if (type == null || !type.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String rest = type.substring(PREFIX.length());
        boolean text = rest.startsWith(TEXT);
        Codec codec = codec(text ? rest.substring(TEXT.length()) : rest);
        return codec == null ? Optional.empty() : Optional.of(new GrpcWebKind(text, codec));
    }

    private static Codec codec(String suffix) {
        if (suffix.isEmpty() || suffix.equals("+proto")) {
            return Codec.PROTO;
        }
        if (suffix.equals("+json")) {
            return Codec.JSON;
        }
        return suffix.startsWith("+") ? Codec.OTHER : null;
    }

    /**
     * The native gRPC content type the upstream gets; an unknown codec goes as plain
     * {@code application/grpc}, which every gRPC server takes.
     */
    String nativeContentType() {
        return switch (codec) {
            case PROTO -> "application/grpc+proto";
            case JSON -> "application/grpc+json";
            case OTHER -> "application/grpc";
        };
    }

    /** The content type the client gets back. */
    String webContentType() {
        return "application/" + label();
    }

    /** What the filter publishes: {@code grpc-web+proto}, {@code grpc-web-text+json}, {@code grpc-web}... */
    String label() {
        String base = text ? "grpc-web-text" : "grpc-web";
        return switch (codec) {
            case PROTO -> base + "+proto";
            case JSON -> base + "+json";
            case OTHER -> base;
        };
    }
}
