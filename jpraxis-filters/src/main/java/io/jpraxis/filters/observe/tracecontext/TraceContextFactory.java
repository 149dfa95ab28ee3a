package io.jpraxis.filters.observe.tracecontext;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Builds {@code trace_context} filters (see docs/reference/filters/trace_context.md#what-it-does);
 * any key is unknown.
 */
public final class TraceContextFactory implements FilterFactory<TraceContextConfig> {
    /** The YAML type name. */
    public static final String TYPE = "trace_context";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(TraceContextKeys.KEYS);
    }

    @Override
    public Optional<TraceContextConfig> read(MapReader options, FilterReadContext context) {
        // Every key is reported here, in its own words (no suggestion could help: there is no key to
        // mean), so the reader's finish() is left out; its descriptor lists no key to skip it by.
        List<String> keys = options.keys();
        for (String key : keys) {
            options.error(key, "unknown key (expected: none; trace_context takes no options)");
        }
        if (!keys.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new TraceContextConfig());
    }

    @Override
    public FilterDeclaration declare(TraceContextConfig config) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.DECIDES_BEFORE_ROUTING));
    }

    @Override
    public HttpFilter create(TraceContextConfig config, FilterBuildContext context) {
        return new TraceContextFilter(config, TraceIds.perThread());
    }
}
