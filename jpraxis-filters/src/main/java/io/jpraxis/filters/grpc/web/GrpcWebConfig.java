package io.jpraxis.filters.grpc.web;

/**
 * The {@code grpc_web} filter's config (see docs/reference/filters/grpc_web.md#what-it-does).
 *
 * @param encodings which gRPC-Web encodings are translated
 * @param maxBufferBytes the largest base64 request body read whole to decode it
 * @param onMissingTrailers what a response that ends with no gRPC status gets
 */
public record GrpcWebConfig(Encodings encodings, long maxBufferBytes, OnMissingTrailers onMissingTrailers) {

    /**
     * The encodings translated.
     *
     * @param binary whether {@code application/grpc-web[+codec]} calls are
     * @param text whether {@code application/grpc-web-text[+codec]} calls are
     */
    public record Encodings(boolean binary, boolean text) {
        public static final Encodings BOTH = new Encodings(true, true);
    }

    /** What a response that ends with no gRPC status anywhere gets. */
    public enum OnMissingTrailers {
        /** A trailer frame with {@code grpc-status: 2} (UNKNOWN), so the client learns the call failed. */
        SYNTHESIZE,
        /** Nothing: the body goes as it came. */
        PASSTHROUGH
    }
}
