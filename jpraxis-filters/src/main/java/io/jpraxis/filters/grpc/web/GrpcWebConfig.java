package io.jpraxis.filters.grpc.web;

/**
 * The {@code grpc_web} filter's config (see docs/reference/filters/grpc_web.md#what-it-does).
 *
 * @param binary whether {@code application/grpc-web[+codec]} requests are translated
 * @param text whether {@code application/grpc-web-text[+codec]} requests are translated
 * @param maxBufferBytes the largest base64 request body read whole to decode it
 * @param onMissingTrailers what a response that ends with no gRPC status gets
 */
public record GrpcWebConfig(boolean binary, boolean text, long maxBufferBytes, OnMissingTrailers onMissingTrailers) {

    /** What a response that ends with no gRPC status anywhere gets. */
    public enum OnMissingTrailers {
        /** A trailer frame with {@code grpc-status: 2} (UNKNOWN), so the client learns the call failed. */
        SYNTHESIZE,
        /** Nothing: the body goes as it came. */
        PASSTHROUGH
    }
}
