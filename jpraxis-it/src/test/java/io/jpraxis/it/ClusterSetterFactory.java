package io.jpraxis.it;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.OneStepFactory;
import java.util.Map;
import java.util.Optional;

/**
 * A test filter type that overwrites {@code ctx.cluster} with its {@code cluster} option without
 * being a router (so it publishes no binding): how a test makes the exchange-local cluster
 * disagree with the binding.
 */
final class ClusterSetterFactory implements OneStepFactory {
    static final String TYPE = "test_set_cluster";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
        String cluster = options.requiredString("cluster");
        options.finish();
        return Optional.ofNullable(cluster).map(c -> new HttpFilter() {
            @Override
            public String type() {
                return TYPE;
            }

            @Override
            public Object config() {
                return Map.of("cluster", c);
            }

            @Override
            public FilterAction onRequest(RequestContext ctx) {
                ctx.cluster(c);
                return FilterAction.CONTINUE;
            }
        });
    }
}
