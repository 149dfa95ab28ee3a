package io.jpraxis.core.http;

import java.util.Locale;
import java.util.Optional;

/**
 * Which gRPC a request's {@code Content-Type} announces (see docs/behaviour/grpc.md#what-counts-as-grpc):
 * the one classification the {@code grpc} request condition and every gRPC filter share, so they
 * never disagree about a request. gRPC-Web ({@code application/grpc-web...}) is not gRPC here.
 */
public enum GrpcContentType {
    /** {@code application/grpc} with no codec. */
    GRPC("grpc"),
    /** {@code application/grpc+proto}. */
    GRPC_PROTO("grpc+proto"),
    /** {@code application/grpc+json}. */
    GRPC_JSON("grpc+json"),
    /** Any other {@code +codec}, a bare {@code +} included. */
    GRPC_OTHER("grpc+other");

    private static final String PREFIX = "application/grpc";

    private final String label;

    GrpcContentType(String label) {
        this.label = label;
    }

    /** The value {@code grpc_detection} publishes ({@code grpc+proto}). */
    public String label() {
        return label;
    }

    /**
     * The kind {@code contentType} names: parameters after {@code ;} dropped, surrounding blanks
     * trimmed, compared without case; empty when the value is absent or not gRPC
     * ({@code application/grpcx}, {@code application/grpc-web}).
     */
    public static Optional<GrpcContentType> of(String contentType) {
        String type = mediaType(contentType);
        if (type == null || !type.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String rest = type.substring(PREFIX.length());
        if (rest.isEmpty()) {
            return Optional.of(GRPC);
        }
        if (rest.charAt(0) != '+') {
            return Optional.empty();
        }
        return Optional.of(switch (rest) {
            case "+proto" -> GRPC_PROTO;
            case "+json" -> GRPC_JSON;
            default -> GRPC_OTHER;
        });
    }

    /** Whether {@code contentType} is gRPC (the {@code grpc: true} condition). */
    public static boolean isGrpc(String contentType) {
        return of(contentType).isPresent();
    }

    /** The media type without parameters, trimmed and lower-cased; null for an absent value. */
    public static String mediaType(String contentType) {
        if (contentType == null) {
            return null;
        }
        int semicolon = contentType.indexOf(';');
        String type = semicolon < 0 ? contentType : contentType.substring(0, semicolon);
        return type.trim().toLowerCase(Locale.ROOT);
    }
}
