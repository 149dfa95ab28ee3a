package io.jpraxis.ai.tokencount;

import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.ResponseHead;

/**
 * The request's model as the routing filters chose it: {@code intelligent_route} leaves the
 * candidate it picked as metadata (see docs/behaviour/intelligent-route.md#outputs), and an
 * {@code inference_model} candidate's name is a model the config or an overlay names, so it may
 * become a metric label. Every other model stays out of the labels ({@code other}).
 */
public final class RoutedModel {
    static final String KIND = "intelligent_route.kind";
    static final String NAME = "intelligent_route.name";
    static final String INFERENCE_MODEL = "inference_model";

    private RoutedModel() {
    }

    /** Records the routed model on the exchange, once: a later call keeps what is known. */
    public static GenAiExchange exchange(RequestContext ctx) {
        GenAiExchange exchange = GenAiExchange.of(ctx);
        if (exchange.model() == null && INFERENCE_MODEL.equals(ctx.metadata().get(KIND))) {
            String name = ctx.metadata().get(NAME);
            if (name != null) {
                exchange.model(name, true);
            }
        }
        return exchange;
    }

    /**
     * Records the model call {@code response} answers, made to {@code provider} (its GenAI name),
     * and whether that answer carries counts to read: a 2xx from the origin, not a local answer.
     */
    static boolean countable(RequestContext ctx, String provider, ResponseHead response) {
        exchange(ctx).provider(provider);
        return !response.local() && response.status() >= 200 && response.status() <= 299;
    }
}
