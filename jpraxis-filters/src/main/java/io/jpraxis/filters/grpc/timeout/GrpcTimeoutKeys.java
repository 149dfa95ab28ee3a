package io.jpraxis.filters.grpc.timeout;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.grpc.timeout.GrpcTimeoutConfig.OnInvalid;

/** The keys of a {@code grpc_timeout} entry. */
public final class GrpcTimeoutKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Turns a gRPC call's grpc-timeout into a "
            + "deadline the gateway enforces and passes on.",
            key("max_timeout_ms", KeyType.integer(1, GrpcTimeoutFactory.MAX_TIMEOUT_MS),
                    "The longest deadline a client may ask for; longer ones are cut to it.").asRequired(),
            key("default_timeout_ms", KeyType.integer(1, GrpcTimeoutFactory.MAX_TIMEOUT_MS),
                    "The deadline of a gRPC call without grpc-timeout.")
                    .nullMeans("unset: such calls have no deadline")
                    .withRule("at most max_timeout_ms and greater than headroom_ms"),
            key("headroom_ms", KeyType.integer(0, GrpcTimeoutFactory.MAX_TIMEOUT_MS - 1),
                    "Time kept back from the upstream, so the gateway answers before the client gives up.")
                    .withDefault(0).withRule("less than max_timeout_ms"),
            key("propagate", KeyType.bool(), "Each upstream attempt carries the time left as its grpc-timeout.")
                    .withDefault(true),
            key("on_invalid", KeyType.choice(OnInvalid.class), "A malformed grpc-timeout: answered INTERNAL "
                    + "(reject) or treated as absent (ignore).").withDefault("reject"));

    private GrpcTimeoutKeys() {
    }
}
