package io.jpraxis.filters.callout;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@code http_callout} (feature {@code chain-binding}; see
 * docs/behaviour/outbound-chains.md#outbound-chains): before the request goes on, sends one
 * sub-request through its own outbound chain (an authorization or guardrail service, say) and lets
 * the request continue only when the service answers an allowed status. It publishes the callout's
 * {@code status} and chosen response headers as results, so its branches can act on them. The
 * outbound chain is a separate request ({@link CalloutExchange}): it starts unbound and never sees
 * or changes the parent's binding.
 */
public final class HttpCalloutFilter implements HttpFilter {
    private final HttpCalloutConfig config;
    private final CompiledPipeline chain;
    private final Clock clock;

    HttpCalloutFilter(HttpCalloutConfig config, CompiledPipeline chain, Clock clock) {
        this.config = config;
        this.chain = chain;
        this.clock = clock;
    }

    @Override
    public String type() {
        return HttpCalloutFactory.TYPE;
    }

    @Override
    public HttpCalloutConfig config() {
        return config;
    }

    @Override
    public boolean isAsync() {
        return true;
    }

    @Override
    public CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
        if (ctx.subRequests() == null) {
            // The ext_proc edge has no sub-request client: the callout cannot be made, failure_mode decides.
            return CompletableFuture.completedFuture(new FilterAction.Fail("no sub-request client on this edge", 503));
        }
        return new CalloutExchange(config, chain, ctx, clock).run();
    }

    @Override
    public void start() {
        chain.start();
    }

    @Override
    public void close() {
        chain.close();
    }
}
