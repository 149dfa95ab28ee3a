package io.jpraxis.filters.grpc.status;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.grpc.status.GrpcStatusConfig.ContentType;
import io.jpraxis.filters.grpc.status.GrpcStatusConfig.Detect;

/** The keys of a {@code grpc_status} entry. */
public final class GrpcStatusKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Answers the gateway's own errors to gRPC "
            + "clients as gRPC statuses (HTTP 200, Trailers-Only).",
            key("detect", KeyType.choice(Detect.class), "Which requests: those with a gRPC content type "
                    + "(content_type) or all (always).").withDefault("content_type"),
            key("content_type", KeyType.choice(ContentType.class), "The answer's content type: the request's "
                    + "gRPC one (echo) or application/grpc (grpc).").withDefault("echo"),
            key("include_message", KeyType.bool(), "The gateway's reason goes in grpc-message (percent-encoded, "
                    + "at most 1024 bytes).").withDefault(true));

    private GrpcStatusKeys() {
    }
}
