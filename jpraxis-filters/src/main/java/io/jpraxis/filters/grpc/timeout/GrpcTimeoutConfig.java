package io.jpraxis.filters.grpc.timeout;

/**
 * The {@code grpc_timeout} filter's config (see docs/reference/filters/grpc_timeout.md#what-it-does).
 *
 * @param maxTimeoutMs the longest deadline a client may ask for
 * @param defaultTimeoutMs the deadline of a gRPC call without {@code grpc-timeout}; null leaves it unbounded
 * @param headroomMs time kept back from the upstream, so the gateway can answer before the client gives up
 * @param propagate whether each upstream attempt carries the time left in its own {@code grpc-timeout}
 * @param onInvalid what a malformed {@code grpc-timeout} gets
 */
public record GrpcTimeoutConfig(long maxTimeoutMs, Long defaultTimeoutMs, long headroomMs, boolean propagate,
        OnInvalid onInvalid) {

    /** What a malformed {@code grpc-timeout} gets. */
    public enum OnInvalid {
        /** Answered gRPC INTERNAL, as gRPC servers do; the upstream is not contacted. */
        REJECT,
        /** Treated as absent ({@code default_timeout_ms} applies). */
        IGNORE
    }
}
