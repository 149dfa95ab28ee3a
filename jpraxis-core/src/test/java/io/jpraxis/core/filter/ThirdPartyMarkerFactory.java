package io.jpraxis.core.filter;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.context.RequestContext;
import java.util.Optional;

/** A filter factory found only through {@link java.util.ServiceLoader}, as a third party ships one. */
public final class ThirdPartyMarkerFactory implements FilterFactory {
    @Override
    public String type() {
        return "third_party_marker";
    }

    @Override
    public Optional<HttpFilter> create(MapReader options, FilterBuildContext context) {
        String value = options.string("value").orElse("on");
        options.finish();
        return Optional.of(new HttpFilter() {
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
        });
    }
}
