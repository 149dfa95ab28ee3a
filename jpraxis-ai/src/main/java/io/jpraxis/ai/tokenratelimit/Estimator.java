package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.tokenratelimit.Estimation.Strategy;
import io.jpraxis.core.context.RequestContext;
import java.util.OptionalLong;

/**
 * A request's admission estimate (see docs/reference/filters/token_rate_limit.md#estimation).
 * Body strategies read {@code max_tokens} (else {@code max_completion_tokens}) and {@code model}
 * from the body the filter read at pre-read; the Responses API's {@code max_output_tokens} is not
 * read, as in Praxis. A missing or unparseable {@code Content-Length} counts as 0 input.
 */
final class Estimator {
    /** Estimates are held below this, so sums never overflow; anything past 2^53 is refused anyway. */
    static final long MAX_ESTIMATE = 1L << 62;

    private Estimator() {
    }

    /**
     * The estimate, or empty when a body strategy found no output limit and has no fallback (the
     * request then goes through unreserved).
     */
    static OptionalLong estimate(Estimation e, BodyFields body, RequestContext ctx) {
        if (e.strategy() == Strategy.FIXED) {
            return OptionalLong.of(EstimationReader.fixedEstimate(e.fallbackEstimate(), e.multiplier()));
        }
        Long output = body.maxTokens() != null ? body.maxTokens()
                : body.maxCompletionTokens() != null ? body.maxCompletionTokens() : e.fallbackEstimate();
        if (output == null) {
            return OptionalLong.empty();
        }
        double tokens = switch (e.strategy()) {
            case MAX_TOKENS -> output;
            case INPUT_PLUS_MAX_TOKENS -> Math.ceil(contentLength(ctx) / e.bytesPerToken()) + output;
            case MODEL_SCALED -> output * modelFactor(e, body.model() != null ? body.model() : ctx.headers().get("x-model"));
            case FIXED -> throw new IllegalStateException("handled above");
        };
        double up = Math.ceil(tokens * e.multiplier());
        return OptionalLong.of(up >= MAX_ESTIMATE ? MAX_ESTIMATE : (long) up);
    }

    private static double modelFactor(Estimation e, String model) {
        Double factor = model == null ? null : e.modelMultipliers().get(model);
        return factor != null ? factor : e.defaultMultiplier();
    }

    private static long contentLength(RequestContext ctx) {
        String value = ctx.headers().get("content-length");
        if (value == null) {
            return 0;
        }
        try {
            return Math.max(0, Long.parseLong(value.trim()));
        } catch (NumberFormatException ex) {
            return 0;
        }
    }
}
