package io.jpraxis.core.filter;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.Optional;

/**
 * A filter factory found only through {@link java.util.ServiceLoader}, as a third party ships one:
 * its config record is the header value it sets.
 */
public final class ThirdPartyMarkerFactory implements FilterFactory<String> {
    @Override
    public String type() {
        return "third_party_marker";
    }

    @Override
    public Optional<String> read(MapReader options, FilterReadContext context) {
        String value = options.string("value").orElse("on");
        options.finish();
        return Optional.of(value);
    }

    @Override
    public FilterDeclaration declare(String value) {
        return FilterDeclaration.NONE;
    }

    @Override
    public HttpFilter create(String value, FilterBuildContext context) {
        return new HttpFilter() {
            @Override
            public String type() {
                return "third_party_marker";
            }

            @Override
            public Object config() {
                return value;
            }

            @Override
            public FilterAction onRequest(RequestContext ctx) {
                ctx.headers().set("x-third-party", value);
                return FilterAction.CONTINUE;
            }
        };
    }
}
