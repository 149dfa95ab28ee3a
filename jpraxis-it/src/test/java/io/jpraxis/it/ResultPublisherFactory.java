package io.jpraxis.it;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.OneStepFactory;
import java.util.Optional;

/**
 * A test filter type that publishes a result from a request header, as {@code json_body_field}
 * does from a body field: the value of the request header {@code header} under {@code key}
 * (default {@code status}); nothing when the header is absent.
 */
final class ResultPublisherFactory implements OneStepFactory {
    static final String TYPE = "test_result";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
        String header = options.requiredString("header");
        String key = options.string("key").orElse("status");
        options.finish();
        return Optional.ofNullable(header).map(h -> new HttpFilter() {
            @Override
            public String type() {
                return TYPE;
            }

            @Override
            public Object config() {
                return java.util.Map.of("header", h, "key", key);
            }

            @Override
            public FilterAction onRequest(RequestContext ctx) {
                String value = ctx.headers().get(h);
                if (value == null) {
                    return FilterAction.CONTINUE;
                }
                return ctx.results().put(TYPE, key, value).map(FilterAction::fail).orElse(FilterAction.CONTINUE);
            }
        });
    }
}
