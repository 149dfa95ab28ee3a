package io.jpraxis.filters.grpc.web;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.grpc.web.GrpcWebConfig.OnMissingTrailers;

/** The keys of a {@code grpc_web} entry. */
public final class GrpcWebKeys {
    static final ObjectDescriptor ENCODINGS = ObjectDescriptor.of("The gRPC-Web encodings translated.",
            key("binary", KeyType.bool(), "Translate application/grpc-web[+codec].").withDefault(true),
            key("text", KeyType.bool(), "Translate application/grpc-web-text[+codec] (base64).").withDefault(true));

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Translates gRPC-Web calls to native gRPC "
            + "and their responses back.",
            key("encodings", KeyType.object(ENCODINGS), "Which encodings are translated.")
                    .withRule("at least one of binary and text"),
            key("max_buffer_bytes", KeyType.integer(1, Integer.MAX_VALUE - 8),
                    "The largest grpc-web-text request body, read whole to decode it.")
                    .withDefault(GrpcWebFactory.DEFAULT_MAX_BUFFER_BYTES),
            key("on_missing_trailers", KeyType.choice(OnMissingTrailers.class), "A response that ends with no "
                    + "gRPC status: a grpc-status 2 frame is appended (synthesize) or not (passthrough).")
                    .withDefault("synthesize"));

    private GrpcWebKeys() {
    }
}
