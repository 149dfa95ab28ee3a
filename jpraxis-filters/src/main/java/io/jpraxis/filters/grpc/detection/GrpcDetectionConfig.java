package io.jpraxis.filters.grpc.detection;

/** The {@code grpc_detection} filter's config: it has no keys (see docs/reference/filters/grpc_detection.md). */
public record GrpcDetectionConfig() {
}
