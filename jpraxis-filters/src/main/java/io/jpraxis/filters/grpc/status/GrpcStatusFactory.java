package io.jpraxis.filters.grpc.status;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.grpc.status.GrpcStatusConfig.ContentType;
import io.jpraxis.filters.grpc.status.GrpcStatusConfig.Detect;
import java.util.Optional;

/** Builds {@code grpc_status} filters (see docs/reference/filters/grpc_status.md#what-it-does). */
public final class GrpcStatusFactory implements FilterFactory<GrpcStatusConfig> {
    /** The YAML type name. */
    public static final String TYPE = "grpc_status";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(GrpcStatusKeys.KEYS);
    }

    @Override
    public Optional<GrpcStatusConfig> read(MapReader options, FilterReadContext context) {
        Detect detect = options.enumValue("detect", Detect.class).orElse(Detect.CONTENT_TYPE);
        ContentType contentType = options.enumValue("content_type", ContentType.class).orElse(ContentType.ECHO);
        boolean includeMessage = options.bool("include_message", true);
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new GrpcStatusConfig(detect, contentType, includeMessage));
    }

    @Override
    public FilterDeclaration declare(GrpcStatusConfig config) {
        // It acts on the edge's error answers through the request's error renderer, not in a response hook.
        return FilterDeclaration.NONE;
    }

    @Override
    public HttpFilter create(GrpcStatusConfig config, FilterBuildContext context) {
        return new GrpcStatusFilter(config);
    }
}
