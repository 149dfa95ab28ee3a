package io.jpraxis.it;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.TokenUsage;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.OneStepFactory;
import java.util.Map;
import java.util.Optional;

/**
 * A test filter type that leaves in the request the metadata the AI filters write (the picked
 * model of {@code intelligent_route}, the provider of {@code provider_route}, the {@code token.*}
 * counts and the {@link GenAiExchange} record of {@code token_count}), so the tracing tests see them read by name.
 */
final class GenAiMetadataFactory implements OneStepFactory {
    static final String TYPE = "test_genai_metadata";
    static final Map<String, String> WRITTEN = Map.of(
            "intelligent_route.kind", "inference_model",
            "intelligent_route.name", "gpt-4o",
            "provider_route.provider_id", "openai");

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
        options.finish();
        return Optional.of(new HttpFilter() {
            @Override
            public String type() {
                return TYPE;
            }

            @Override
            public Object config() {
                return Map.of();
            }

            @Override
            public FilterAction onRequest(RequestContext ctx) {
                WRITTEN.forEach(ctx.metadata()::put);
                // token_count's record of the model call: the model the answer named.
                GenAiExchange call = GenAiExchange.of(ctx);
                call.modelIfUnknown("gpt-4o-2024-08-06");
                call.usage(TokenUsage.of(12, 34, 46));
                return FilterAction.CONTINUE;
            }
        });
    }
}
