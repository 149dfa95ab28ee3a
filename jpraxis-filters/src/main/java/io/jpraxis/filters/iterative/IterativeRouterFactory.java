package io.jpraxis.filters.iterative;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterBuildContext;
import io.jpraxis.core.filter.FilterFactory;
import io.jpraxis.core.filter.HttpFilter;
import java.util.Optional;

/** Builds {@code iterative_request_router} filters (spec 5.10; feature {@code iterative-request-router}). */
public final class IterativeRouterFactory implements FilterFactory {
    /** The YAML type name. */
    public static final String TYPE = "iterative_request_router";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Feature requiredFeature() {
        return Feature.ITERATIVE_REQUEST_ROUTER;
    }

    @Override
    public Optional<HttpFilter> create(MapReader options, FilterBuildContext context) {
        Optional<IterativeRouterConfig> config = IterativeRouterReader.read(options, context);
        if (config.isEmpty()) {
            return Optional.empty();
        }
        return StepCompiler.compile(config.get(), options.path(), options.node(), context, options.diagnostics())
                .map(steps -> new IterativeRouterFilter(config.get(), steps, context.services().clock()));
    }
}
