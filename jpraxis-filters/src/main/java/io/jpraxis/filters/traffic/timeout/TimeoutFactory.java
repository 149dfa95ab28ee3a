package io.jpraxis.filters.traffic.timeout;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.Optional;

/** Builds {@code timeout} filters (see docs/reference/filters/timeout.md#what-it-does). */
public final class TimeoutFactory implements FilterFactory<TimeoutConfig> {
    /** The YAML type name. */
    public static final String TYPE = "timeout";
    /**
     * One day: the same ceiling Praxis puts on its other request deadlines (see
     * docs/behaviour/limits.md#the-limits-table).
     */
    static final long MAX_TIMEOUT_MS = 86_400_000L;

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(TimeoutKeys.KEYS);
    }

    @Override
    public Optional<TimeoutConfig> read(MapReader options, FilterReadContext context) {
        Long timeoutMs = options.require("timeout_ms")
                ? options.integer("timeout_ms").orElse(null)
                : null;
        if (!options.finishCleanly() || timeoutMs == null) {
            return Optional.empty();
        }
        return Optional.of(new TimeoutConfig(timeoutMs));
    }

    @Override
    public FilterDeclaration declare(TimeoutConfig config) {
        return FilterDeclaration.NONE.withResponseHook(true);
    }

    @Override
    public HttpFilter create(TimeoutConfig config, FilterBuildContext context) {
        return new TimeoutFilter(config, context.services().clock());
    }
}
