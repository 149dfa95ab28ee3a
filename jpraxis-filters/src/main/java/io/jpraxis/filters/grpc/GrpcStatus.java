package io.jpraxis.filters.grpc;

/**
 * The gRPC status codes the gateway answers with, and the code an HTTP error status becomes (see
 * docs/behaviour/grpc.md#errors-as-grpc-statuses).
 */
public enum GrpcStatus {
    UNKNOWN(2),
    DEADLINE_EXCEEDED(4),
    PERMISSION_DENIED(7),
    UNIMPLEMENTED(12),
    INTERNAL(13),
    UNAVAILABLE(14),
    UNAUTHENTICATED(16);

    private final int code;

    GrpcStatus(int code) {
        this.code = code;
    }

    /** The number that goes in {@code grpc-status}. */
    public int code() {
        return code;
    }

    /**
     * The code for an error the gateway answered with HTTP {@code status}: 400 INTERNAL, 401
     * UNAUTHENTICATED, 403 PERMISSION_DENIED, 404 UNIMPLEMENTED, 429 and 502 to 504 UNAVAILABLE,
     * anything else UNKNOWN (the table gRPC's own HTTP mapping uses).
     */
    public static GrpcStatus ofHttp(int status) {
        return switch (status) {
            case 400 -> INTERNAL;
            case 401 -> UNAUTHENTICATED;
            case 403 -> PERMISSION_DENIED;
            case 404 -> UNIMPLEMENTED;
            case 429, 502, 503, 504 -> UNAVAILABLE;
            default -> UNKNOWN;
        };
    }
}
