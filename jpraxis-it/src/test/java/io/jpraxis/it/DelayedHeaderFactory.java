package io.jpraxis.it;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.OneStepFactory;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * A test filter type with an asynchronous request hook, as a filter doing I/O has: it answers
 * from another thread a little later, appending {@code value} to the request header named by {@code header}.
 */
final class DelayedHeaderFactory implements OneStepFactory {
    static final String TYPE = "test_delayed_header";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
        String name = options.requiredString("header");
        String value = options.requiredString("value");
        options.finish();
        if (name == null || value == null) {
            return Optional.empty();
        }
        return Optional.of(new HttpFilter() {
            @Override
            public String type() {
                return TYPE;
            }

            @Override
            public Object config() {
                return java.util.Map.of("header", name, "value", value);
            }

            @Override
            public boolean isAsync() {
                return true;
            }

            @Override
            public CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
                return CompletableFuture.supplyAsync(() -> {
                    ctx.headers().add(name, value);
                    return FilterAction.CONTINUE;
                }, CompletableFuture.delayedExecutor(20, TimeUnit.MILLISECONDS));
            }
        });
    }
}
