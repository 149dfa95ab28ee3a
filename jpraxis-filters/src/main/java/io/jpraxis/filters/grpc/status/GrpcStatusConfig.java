package io.jpraxis.filters.grpc.status;

/**
 * The {@code grpc_status} filter's config (see docs/reference/filters/grpc_status.md#what-it-does).
 *
 * @param detect which requests get their errors as gRPC statuses
 * @param contentType the content type of those answers
 * @param includeMessage whether they carry the gateway's reason in {@code grpc-message}
 */
public record GrpcStatusConfig(Detect detect, ContentType contentType, boolean includeMessage) {

    /** Which requests are armed. */
    public enum Detect {
        /** Only requests whose content type is gRPC. */
        CONTENT_TYPE,
        /** Every request through the filter. */
        ALWAYS
    }

    /** The content type of a converted error. */
    public enum ContentType {
        /** The request's own gRPC content type ({@code application/grpc+proto}), else {@code application/grpc}. */
        ECHO,
        /** Always {@code application/grpc}. */
        GRPC
    }
}
