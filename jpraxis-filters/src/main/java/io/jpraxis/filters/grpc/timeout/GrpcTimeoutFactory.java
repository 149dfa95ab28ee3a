package io.jpraxis.filters.grpc.timeout;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.grpc.timeout.GrpcTimeoutConfig.OnInvalid;
import java.util.Optional;

/** Builds {@code grpc_timeout} filters (see docs/reference/filters/grpc_timeout.md#what-it-does). */
public final class GrpcTimeoutFactory implements FilterFactory<GrpcTimeoutConfig> {
    /** The YAML type name. */
    public static final String TYPE = "grpc_timeout";
    /** One hour: no gRPC deadline the gateway holds may be longer (as in Praxis). */
    static final long MAX_TIMEOUT_MS = 3_600_000L;

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(GrpcTimeoutKeys.KEYS);
    }

    @Override
    public Optional<GrpcTimeoutConfig> read(MapReader options, FilterReadContext context) {
        Long max = options.require("max_timeout_ms") ? options.integer("max_timeout_ms").orElse(null) : null;
        Long fallback = options.integer("default_timeout_ms").orElse(null);
        long headroom = options.integer("headroom_ms").orElse(0L);
        boolean propagate = options.bool("propagate", true);
        OnInvalid onInvalid = options.enumValue("on_invalid", OnInvalid.class).orElse(OnInvalid.REJECT);
        if (max != null && options.has("headroom_ms") && headroom >= max) {
            options.invalid("headroom_ms", "less than max_timeout_ms (" + max + "), or every call would start "
                    + "with no time left");
        }
        if (fallback != null && max != null && fallback > max) {
            options.invalid("default_timeout_ms", "at most max_timeout_ms (" + max + "); a longer default would "
                    + "only be cut to it");
        }
        if (fallback != null && fallback <= headroom) {
            options.invalid("default_timeout_ms", "greater than headroom_ms (" + headroom + "), or every call "
                    + "without grpc-timeout would start with no time left");
        }
        if (!options.finishCleanly() || max == null) {
            return Optional.empty();
        }
        return Optional.of(new GrpcTimeoutConfig(max, fallback, headroom, propagate, onInvalid));
    }

    @Override
    public FilterDeclaration declare(GrpcTimeoutConfig config) {
        // The response hook replaces an answer that came after the deadline.
        return FilterDeclaration.NONE.withResponseHook(true);
    }

    @Override
    public HttpFilter create(GrpcTimeoutConfig config, FilterBuildContext context) {
        return new GrpcTimeoutFilter(config, context.services().clock());
    }
}
