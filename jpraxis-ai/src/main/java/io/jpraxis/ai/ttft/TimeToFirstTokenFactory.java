package io.jpraxis.ai.ttft;

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

/** Builds {@code time_to_first_token} filters (see docs/reference/filters/time_to_first_token.md). */
public final class TimeToFirstTokenFactory implements FilterFactory<TimeToFirstTokenConfig> {
    /** The YAML type name. */
    public static final String TYPE = "time_to_first_token";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(TimeToFirstTokenKeys.KEYS);
    }

    @Override
    public Optional<TimeToFirstTokenConfig> read(MapReader options, FilterReadContext context) {
        return options.finishCleanly() ? Optional.of(new TimeToFirstTokenConfig()) : Optional.empty();
    }

    /** Watches the response body as it streams, never holding it back. */
    @Override
    public FilterDeclaration declare(TimeToFirstTokenConfig config) {
        return FilterDeclaration.NONE.withResponseHook(true).withResponseBody(BodyAccess.READ_ONLY, BodyMode.STREAM);
    }

    @Override
    public HttpFilter create(TimeToFirstTokenConfig config, FilterBuildContext context) {
        return new TimeToFirstTokenFilter(config);
    }
}
