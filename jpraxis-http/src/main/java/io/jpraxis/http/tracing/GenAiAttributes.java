package io.jpraxis.http.tracing;

import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.RequestMetadata;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;

/**
 * The GenAI semantic-convention attributes of a request's server span, read by name from what the
 * AI filters leave in the request (see docs/behaviour/tracing.md#genai-attributes). Each is set
 * only when present: a count the provider did not report is never guessed. The counts and the
 * response model come from {@code token_count}'s {@link GenAiExchange} record.
 */
final class GenAiAttributes {
    /** Written by {@code intelligent_route}: the candidate it picked, and whether it names a model. */
    static final String ROUTE_NAME = "intelligent_route.name";
    static final String ROUTE_KIND = "intelligent_route.kind";
    /** Written by {@code provider_route}. */
    static final String PROVIDER_MODEL = "provider_route.model";
    static final String PROVIDER_ID = "provider_route.provider_id";
    /** Published by {@code model_to_header} as a filter result. */
    static final String MODEL_TO_HEADER = "model_to_header";
    static final String MODEL_RESULT = "model";

    private GenAiAttributes() {
    }

    static void apply(Span span, RequestContext ctx) {
        RequestMetadata m = ctx.metadata();
        String model = requestModel(ctx, m);
        if (model != null) {
            span.setAttribute(SpanAttributes.GENAI_REQUEST_MODEL, model);
        }
        // token_count's record of the model call: the model the answer named, the provider's convention name.
        GenAiExchange call = ctx.extensions().get(GenAiExchange.KEY).orElse(null);
        if (call != null) {
            setIfPresent(span, SpanAttributes.GENAI_RESPONSE_MODEL, call.model());
        }
        String provider = m.get(PROVIDER_ID) != null ? m.get(PROVIDER_ID) : call == null ? null : call.provider();
        setIfPresent(span, SpanAttributes.GENAI_PROVIDER, provider);
        if (call != null) {
            call.usage().ifPresent(usage -> {
                count(span, SpanAttributes.GENAI_INPUT_TOKENS, usage.input());
                count(span, SpanAttributes.GENAI_OUTPUT_TOKENS, usage.output());
            });
        }
    }

    /** The model the request asked for: the routed candidate's, else the provider route's, else the promoted field. */
    static String requestModel(RequestContext ctx, RequestMetadata m) {
        if (m.get(ROUTE_NAME) != null && "inference_model".equals(m.get(ROUTE_KIND))) {
            return m.get(ROUTE_NAME);
        }
        if (m.get(PROVIDER_MODEL) != null) {
            return m.get(PROVIDER_MODEL);
        }
        return ctx.results().get(MODEL_TO_HEADER, MODEL_RESULT).orElse(null);
    }

    private static void setIfPresent(Span span, AttributeKey<String> key, String value) {
        if (value != null && !value.isEmpty()) {
            span.setAttribute(key, value);
        }
    }

    /** An unsigned count; one past {@code Long.MAX_VALUE} (never seen in practice) is left out. */
    private static void count(Span span, AttributeKey<Long> key, long unsigned) {
        if (unsigned >= 0) {
            span.setAttribute(key, unsigned);
        }
    }
}
