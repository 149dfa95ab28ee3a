package io.jpraxis.ai.tokenratelimit;

import java.util.Map;

/**
 * How a rule estimates what a request will cost before it runs (see
 * docs/reference/filters/token_rate_limit.md#estimation).
 *
 * @param strategy where the estimate comes from
 * @param multiplier safety margin applied to every estimate
 * @param fallbackEstimate used when the body names no output limit (required for {@code fixed}), or null
 * @param modelMultipliers {@code model_scaled}: per-model factors
 * @param defaultMultiplier {@code model_scaled}: the factor of a model not listed
 * @param bytesPerToken {@code input_plus_max_tokens}: request bytes per input token
 */
public record Estimation(Strategy strategy, double multiplier, Long fallbackEstimate, Map<String, Double> modelMultipliers,
        double defaultMultiplier, double bytesPerToken) {
    public static final double DEFAULT_BYTES_PER_TOKEN = 4.0;

    public Estimation {
        modelMultipliers = Map.copyOf(modelMultipliers);
    }

    /** The legacy {@code reserved_tokens: N}: a fixed estimate of N. */
    public static Estimation fixed(long tokens) {
        return new Estimation(Strategy.FIXED, 1.0, tokens, Map.of(), 1.0, DEFAULT_BYTES_PER_TOKEN);
    }

    /** Whether the estimate needs the request body. */
    public boolean readsBody() {
        return strategy != Strategy.FIXED;
    }

    /** The estimate strategies. */
    public enum Strategy {
        FIXED, MAX_TOKENS, INPUT_PLUS_MAX_TOKENS, MODEL_SCALED
    }
}
