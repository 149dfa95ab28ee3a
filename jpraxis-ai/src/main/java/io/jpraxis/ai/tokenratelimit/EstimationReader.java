package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.tokenratelimit.Estimation.Strategy;
import io.jpraxis.config.read.MapReader;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a rule's {@code estimation} (see docs/reference/filters/token_rate_limit.md#estimation):
 * a knob the strategy does not use is an error, not ignored, and a fixed estimate must fit the
 * capacity, or no request could ever be admitted.
 */
final class EstimationReader {
    private EstimationReader() {
    }

    static Optional<Estimation> read(MapReader e, String rule, long capacity) {
        Strategy strategy = e.require("strategy") ? e.enumValue("strategy", Strategy.class).orElse(null) : null;
        double multiplier = e.number("multiplier").orElse(1.0);
        Long fallback = e.integer("fallback_estimate").orElse(null);
        Map<String, Double> models = new LinkedHashMap<>();
        double defaultMultiplier = e.number("default_multiplier").orElse(1.0);
        double bytesPerToken = e.number("bytes_per_token").orElse(Estimation.DEFAULT_BYTES_PER_TOKEN);
        e.map("model_multipliers").ifPresent(m -> {
            for (String model : m.keys()) {
                m.number(model, 0, Double.MAX_VALUE, "a finite number greater than 0").ifPresent(v -> models.put(model, v));
            }
            m.finish();
        });
        if (strategy != null) {
            onlyFor(e, rule, strategy, Strategy.MODEL_SCALED, "model_multipliers", "default_multiplier");
            onlyFor(e, rule, strategy, Strategy.INPUT_PLUS_MAX_TOKENS, "bytes_per_token");
            if (strategy == Strategy.MODEL_SCALED && !Double.isFinite(defaultMultiplier * multiplier)) {
                e.invalid("default_multiplier", "a factor whose product with multiplier is finite, in rule '" + rule + "'");
            }
            if (strategy == Strategy.FIXED) {
                if (fallback == null && !e.has("fallback_estimate")) {
                    e.error("fallback_estimate", "missing (expected: the fixed estimate; strategy fixed requires it, "
                            + "in rule '" + rule + "')");
                } else if (fallback != null && fixedEstimate(fallback, multiplier) > capacity) {
                    e.invalid("fallback_estimate", "ceil(fallback_estimate × multiplier) at most capacity (" + capacity
                            + "), in rule '" + rule + "'; a larger estimate could never be admitted");
                }
            } else if (fallback != null && fallback > capacity) {
                e.invalid("fallback_estimate", "at most capacity (" + capacity + "), in rule '" + rule + "'");
            }
        }
        if (!e.finishCleanly() || strategy == null) {
            return Optional.empty();
        }
        return Optional.of(new Estimation(strategy, multiplier, fallback, models, defaultMultiplier, bytesPerToken));
    }

    /** ceil(fallback × multiplier), in decimal as every estimate (see {@link Estimator#roundUp}). */
    static long fixedEstimate(long fallback, double multiplier) {
        return Estimator.roundUp(java.math.BigDecimal.valueOf(fallback), multiplier);
    }

    private static void onlyFor(MapReader e, String rule, Strategy strategy, Strategy owner, String... keys) {
        if (strategy == owner) {
            return;
        }
        for (String key : keys) {
            if (e.has(key)) {
                e.invalid(key, "no " + key + " with strategy " + strategy.name().toLowerCase(java.util.Locale.ROOT)
                        + " (only " + owner.name().toLowerCase(java.util.Locale.ROOT) + " uses it), in rule '" + rule
                        + "'");
            }
        }
    }
}
