package io.jpraxis.filters.grpc.detection;

import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code grpc_detection} entry: none. */
public final class GrpcDetectionKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Publishes which gRPC a request speaks, "
            + "for on_result branches and later filters.");

    private GrpcDetectionKeys() {
    }
}
