package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.tokenratelimit.Estimation.Strategy;
import io.jpraxis.ai.tokenratelimit.TokenRateLimitConfig.Weights;
import io.jpraxis.ai.tokenratelimit.TokenRule.Algorithm;
import io.jpraxis.ai.tokenratelimit.TokenRule.Tier;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The config in Praxis's YAML shape, defaults written out, for {@code jpraxis dump}: what it
 * prints loads back to the same filter (a legacy {@code reserved_tokens} prints as the fixed
 * estimation it means; durations print in milliseconds).
 */
final class ConfigDumpView {
    private ConfigDumpView() {
    }

    static Map<String, Object> of(TokenRateLimitConfig c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("rules", c.rules().stream().map(ConfigDumpView::rule).toList());
        out.put("key", lower(c.key()));
        if (c.backend().shared()) {
            // The password never leaves the process: the dump shows the URL redacted.
            out.put("backend", Map.of("kind", "valkey", "url", c.backend().redactedUrl(), "namespace",
                    c.backend().namespace()));
            out.put("on_backend_error", c.backend().failOpen() ? "open" : "closed");
        } else {
            out.put("backend", Map.of("kind", lower(c.backend().kind())));
        }
        out.put("default_weights", weights(c.defaultWeights()));
        return out;
    }

    private static Map<String, Object> rule(TokenRule r) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", r.name());
        if (!r.matchHeaders().isEmpty()) {
            out.put("match", Map.of("headers", new LinkedHashMap<>(r.matchHeaders())));
        }
        out.put("algorithm", r.algorithm().label());
        if (r.algorithm() == Algorithm.SLIDING_WINDOW) {
            out.put("window", r.windowMs() + "ms");
        }
        out.put("capacity", r.capacity());
        if (r.algorithm() == Algorithm.TOKEN_BUCKET) {
            out.put("refill_rate", r.refillRate());
        }
        out.put("estimation", estimation(r.estimation()));
        out.put("reservation_timeout", r.reservationTimeoutMs() + "ms");
        out.put("weights", weights(r.weights()));
        if (!r.tiers().isEmpty()) {
            out.put("tiers", r.tiers().stream().map(ConfigDumpView::tier).toList());
        }
        return out;
    }

    private static Map<String, Object> estimation(Estimation e) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("strategy", lower(e.strategy()));
        out.put("multiplier", e.multiplier());
        if (e.fallbackEstimate() != null) {
            out.put("fallback_estimate", e.fallbackEstimate());
        }
        if (e.strategy() == Strategy.MODEL_SCALED) {
            out.put("model_multipliers", new LinkedHashMap<>(e.modelMultipliers()));
            out.put("default_multiplier", e.defaultMultiplier());
        }
        if (e.strategy() == Strategy.INPUT_PLUS_MAX_TOKENS) {
            out.put("bytes_per_token", e.bytesPerToken());
        }
        return out;
    }

    private static Map<String, Object> tier(Tier t) {
        Map<String, Object> action = new LinkedHashMap<>();
        action.put("type", t.deny() ? "deny" : "inject");
        if (!t.deny()) {
            action.put("headers", new LinkedHashMap<>(t.headers()));
        }
        return Map.of("capacity", t.capacity(), "action", action);
    }

    private static Map<String, Object> weights(Weights w) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("input", w.input());
        out.put("output", w.output());
        out.put("cached_input", w.cachedInput());
        out.put("cache_write", w.cacheWrite());
        out.put("reasoning", w.reasoning());
        return out;
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
