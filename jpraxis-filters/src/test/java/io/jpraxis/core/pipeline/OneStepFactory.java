package io.jpraxis.core.pipeline;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.HttpFilter;
import java.util.Optional;

/**
 * A test factory whose "config record" is the filter itself: {@link #make} reads the options and
 * builds it, its declaration is the filter's own ({@link Declares#of}), and creating returns it.
 */
public interface OneStepFactory extends FilterFactory<HttpFilter> {

    /** Reads {@code options} into the filter (empty when they are refused). */
    Optional<HttpFilter> make(MapReader options, FilterReadContext context);

    @Override
    default Optional<HttpFilter> read(MapReader options, FilterReadContext context) {
        return make(options, context);
    }

    @Override
    default FilterDeclaration declare(HttpFilter filter) {
        return Declares.of(filter);
    }

    @Override
    default HttpFilter create(HttpFilter filter, FilterBuildContext context) {
        return filter;
    }
}
