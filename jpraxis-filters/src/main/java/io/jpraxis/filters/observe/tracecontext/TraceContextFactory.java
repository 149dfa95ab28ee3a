package io.jpraxis.filters.observe.tracecontext;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterBuildContext;
import io.jpraxis.core.filter.FilterFactory;
import io.jpraxis.core.filter.HttpFilter;
import java.util.Optional;

/** Builds {@code trace_context} filters (spec 5.9); any key is unknown. */
public final class TraceContextFactory implements FilterFactory {
    /** The YAML type name. */
    public static final String TYPE = "trace_context";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<HttpFilter> create(MapReader options, FilterBuildContext context) {
        for (String key : options.keys()) {
            // No suggestion could help: there is no key to mean.
            options.skip(key).error(key, "unknown key (expected: none; trace_context takes no options)");
        }
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new TraceContextFilter(new TraceContextConfig(), TraceIds.perThread()));
    }
}
