package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.tokenratelimit.Estimation.Strategy;
import io.jpraxis.core.context.RequestContext;
import java.math.BigDecimal;
import java.math.RoundingMode;
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
        BigDecimal tokens = switch (e.strategy()) {
            case MAX_TOKENS -> BigDecimal.valueOf(output);
            case INPUT_PLUS_MAX_TOKENS -> BigDecimal.valueOf(contentLength(ctx))
                    .divide(BigDecimal.valueOf(e.bytesPerToken()), 0, RoundingMode.CEILING).add(BigDecimal.valueOf(output));
            case MODEL_SCALED -> BigDecimal.valueOf(output).multiply(BigDecimal.valueOf(
                    modelFactor(e, body.model() != null ? body.model() : ctx.headers().get("x-model"))));
            case FIXED -> throw new IllegalStateException("handled above");
        };
        return OptionalLong.of(roundUp(tokens, e.multiplier()));
    }

    /**
     * ceil(tokens × multiplier) in decimal, so a multiplier of 1.1 is 1.1 and not its binary
     * neighbour (50 × 1.1 is 55, not 56); held below {@link #MAX_ESTIMATE}.
     */
    static long roundUp(BigDecimal tokens, double multiplier) {
        BigDecimal up = tokens.multiply(BigDecimal.valueOf(multiplier)).setScale(0, RoundingMode.CEILING);
        return up.compareTo(BigDecimal.valueOf(MAX_ESTIMATE)) >= 0 ? MAX_ESTIMATE : up.longValueExact();
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
