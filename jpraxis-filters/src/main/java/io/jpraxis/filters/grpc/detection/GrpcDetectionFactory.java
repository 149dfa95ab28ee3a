package io.jpraxis.filters.grpc.detection;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.Optional;

/** Builds {@code grpc_detection} filters (see docs/reference/filters/grpc_detection.md#what-it-does). */
public final class GrpcDetectionFactory implements FilterFactory<GrpcDetectionConfig> {
    /** The YAML type name. */
    public static final String TYPE = "grpc_detection";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(GrpcDetectionKeys.KEYS);
    }

    @Override
    public Optional<GrpcDetectionConfig> read(MapReader options, FilterReadContext context) {
        return options.finishCleanly() ? Optional.of(new GrpcDetectionConfig()) : Optional.empty();
    }

    @Override
    public FilterDeclaration declare(GrpcDetectionConfig config) {
        return FilterDeclaration.NONE;
    }

    @Override
    public HttpFilter create(GrpcDetectionConfig config, FilterBuildContext context) {
        return new GrpcDetectionFilter(config);
    }
}
