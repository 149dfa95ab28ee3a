package io.jpraxis.ai.streamusage;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.Optional;

/**
 * Builds {@code stream_usage_inject} filters (see docs/reference/filters/stream_usage_inject.md),
 * Praxis's keys: {@code max_body_bytes}. It buffers every request body of its chain (up to that
 * cap) at pre-read, read and write.
 */
public final class StreamUsageInjectFactory implements FilterFactory<StreamUsageInjectConfig> {
    /** The YAML type name. */
    public static final String TYPE = "stream_usage_inject";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(StreamUsageInjectKeys.KEYS);
    }

    @Override
    public Optional<StreamUsageInjectConfig> read(MapReader options, FilterReadContext context) {
        long max = options.integer("max_body_bytes", 1, StreamUsageInjectConfig.MAX_BODY_BYTES)
                .orElse(StreamUsageInjectConfig.DEFAULT_MAX_BODY_BYTES);
        return options.finishCleanly() ? Optional.of(new StreamUsageInjectConfig(max)) : Optional.empty();
    }

    @Override
    public FilterDeclaration declare(StreamUsageInjectConfig config) {
        return FilterDeclaration.NONE.withRequestBody(BodyAccess.READ_WRITE, BodyMode.buffer(config.maxBodyBytes()));
    }

    @Override
    public HttpFilter create(StreamUsageInjectConfig config, FilterBuildContext context) {
        return new StreamUsageInjectFilter(config);
    }
}
