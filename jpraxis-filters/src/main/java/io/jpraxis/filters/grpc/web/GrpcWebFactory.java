package io.jpraxis.filters.grpc.web;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.grpc.web.GrpcWebConfig.OnMissingTrailers;
import java.util.Optional;
import java.util.Set;

/** Builds {@code grpc_web} filters (see docs/reference/filters/grpc_web.md#what-it-does). */
public final class GrpcWebFactory implements FilterFactory<GrpcWebConfig> {
    /** The YAML type name. */
    public static final String TYPE = "grpc_web";
    /** 10 MiB, as in Praxis. */
    static final long DEFAULT_MAX_BUFFER_BYTES = 10_485_760L;

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(GrpcWebKeys.KEYS);
    }

    @Override
    public Optional<GrpcWebConfig> read(MapReader options, FilterReadContext context) {
        boolean binary = true;
        boolean text = true;
        Optional<MapReader> encodings = options.map("encodings", GrpcWebKeys.ENCODINGS);
        if (encodings.isPresent()) {
            MapReader e = encodings.get();
            binary = e.bool("binary", true);
            text = e.bool("text", true);
            e.finish();
            if (!binary && !text) {
                options.invalid("encodings", "at least one of binary and text true, or the filter translates "
                        + "nothing (remove the entry instead)");
            }
        }
        long maxBuffer = options.integer("max_buffer_bytes").orElse(DEFAULT_MAX_BUFFER_BYTES);
        OnMissingTrailers onMissing = options.enumValue("on_missing_trailers", OnMissingTrailers.class)
                .orElse(OnMissingTrailers.SYNTHESIZE);
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new GrpcWebConfig(new GrpcWebConfig.Encodings(binary, text), maxBuffer, onMissing));
    }

    @Override
    public FilterDeclaration declare(GrpcWebConfig config) {
        // gRPC needs HTTP/2 to the origin; a pipeline with no such cluster is warned about at load.
        FilterDeclaration declared = FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.NEEDS_HTTP2_UPSTREAM))
                .withResponseHook(true)
                // Re-encoded as it streams, never held whole; trailers become the last frame.
                .withResponseBody(BodyAccess.READ_WRITE, BodyMode.STREAM);
        // Only base64 needs the request body, and whole: a group may straddle two pieces.
        return config.encodings().text()
                ? declared.withRequestBody(BodyAccess.READ_WRITE, BodyMode.buffer(config.maxBufferBytes()))
                : declared;
    }

    @Override
    public HttpFilter create(GrpcWebConfig config, FilterBuildContext context) {
        return new GrpcWebFilter(config);
    }
}
