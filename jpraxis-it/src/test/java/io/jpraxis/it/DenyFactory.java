package io.jpraxis.it;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.OneStepFactory;
import java.util.Optional;

/** A test filter type that refuses every request with 403 and {@code reason}, as an access rule would. */
final class DenyFactory implements OneStepFactory {
    static final String TYPE = "test_deny";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
        String reason = options.requiredString("reason");
        options.finish();
        return Optional.ofNullable(reason).map(r -> new HttpFilter() {
            @Override
            public String type() {
                return TYPE;
            }

            @Override
            public Object config() {
                return java.util.Map.of("reason", r);
            }

            @Override
            public FilterAction onRequest(RequestContext ctx) {
                return FilterAction.reject(403, r);
            }
        });
    }
}
