package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.headers.HeaderPolicy;
import io.jpraxis.ai.tokenratelimit.TokenRateLimitConfig.Weights;
import io.jpraxis.ai.tokenratelimit.TokenRule.Algorithm;
import io.jpraxis.ai.tokenratelimit.TokenRule.Tier;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.http.HeaderMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads one entry of {@code rules} (see docs/reference/filters/token_rate_limit.md#keys): the
 * algorithm's own fields only, a budget a double counts exactly, and exactly one estimate source.
 * Messages name the rule beside the path.
 */
final class RuleReader {
    /** Longest time a token bucket may take to refill from empty (Praxis's bound). */
    static final double MAX_REFILL_SECONDS = 1e9;

    private RuleReader() {
    }

    static Optional<TokenRule> read(ConfigNode node, ConfigPath path, Diagnostics d, Weights defaults) {
        MapReader r = MapReader.of(node, path, d, TokenRateLimitKeys.RULE);
        String name = r.requiredString("name");
        String label = name == null ? "?" : name;
        Map<String, String> match = match(r);
        Algorithm algorithm = r.require("algorithm") ? r.enumValue("algorithm", Algorithm.class).orElse(null) : null;
        Long capacity = r.require("capacity") ? r.integer("capacity").orElse(null) : null;
        long window = 0;
        double refill = 0;
        if (algorithm == Algorithm.SLIDING_WINDOW) {
            window = r.require("window") ? duration(r, "window", label) : -1;
            otherAlgorithm(r, "refill_rate", label, "sliding_window", "token_bucket");
        } else if (algorithm == Algorithm.TOKEN_BUCKET) {
            Double rate = r.require("refill_rate") ? r.number("refill_rate").orElse(null) : null;
            refill = rate == null ? -1 : rate;
            otherAlgorithm(r, "window", label, "token_bucket", "sliding_window");
            if (rate != null && capacity != null && capacity / rate > MAX_REFILL_SECONDS) {
                r.invalid("refill_rate", "a rate that refills capacity in at most 1e9 seconds (capacity ÷ refill_rate), "
                        + "in rule '" + label + "'");
            }
        } else {
            r.skip("window", "refill_rate");
        }
        Optional<Estimation> estimation = estimation(r, label, capacity);
        long timeout = TokenRule.DEFAULT_RESERVATION_TIMEOUT_MS;
        if (r.has("reservation_timeout")) {
            timeout = duration(r, "reservation_timeout", label);
        } else {
            r.skip("reservation_timeout"); // read as its default
        }
        Weights weights = r.map("weights", TokenRateLimitKeys.WEIGHTS).map(w -> WeightsReader.read(w, defaults))
                .orElse(defaults);
        Optional<List<Tier>> tiers = capacity == null ? Optional.empty() : TierReader.read(r, label, capacity);
        if (capacity == null) {
            r.skip("tiers");
        }
        if (!r.finishCleanly() || name == null || algorithm == null || capacity == null || window < 0 || refill < 0
                || timeout < 0 || estimation.isEmpty() || tiers.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new TokenRule(name, match, algorithm, window, capacity, refill, estimation.get(), timeout,
                weights, tiers.get()));
    }

    private static Map<String, String> match(MapReader r) {
        Map<String, String> headers = new LinkedHashMap<>();
        r.map("match", TokenRateLimitKeys.MATCH).ifPresent(m -> {
            m.map("headers").ifPresent(h -> {
                for (String header : h.keys()) {
                    String value = h.string(header).orElse(null);
                    if (!HeaderPolicy.isLegalName(header)) {
                        h.invalid(header, "a valid header name (RFC 9110 token characters)");
                    } else if (value != null) {
                        headers.put(HeaderMap.normalize(header), value);
                    }
                }
                h.finish();
            });
            m.finish();
        });
        return headers;
    }

    /** {@code reserved_tokens} (legacy) or {@code estimation}: exactly one. */
    private static Optional<Estimation> estimation(MapReader r, String rule, Long capacity) {
        boolean legacy = r.has("reserved_tokens");
        boolean modern = r.has("estimation");
        if (legacy && modern) {
            r.error("reserved_tokens", "set together with estimation (expected: one of them; reserved_tokens: N is "
                    + "estimation: {strategy: fixed, fallback_estimate: N}), in rule '" + rule + "'");
            r.skip("reserved_tokens", "estimation");
            return Optional.empty();
        }
        if (!legacy) {
            r.skip("reserved_tokens");
        }
        if (!legacy && !modern) {
            r.error("estimation", "missing (expected: estimation, or the legacy reserved_tokens), in rule '" + rule + "'");
            return Optional.empty();
        }
        if (legacy) {
            Long tokens = r.integer("reserved_tokens").orElse(null);
            if (tokens != null && capacity != null && tokens > capacity) {
                r.invalid("reserved_tokens", "at most capacity (" + capacity + "), in rule '" + rule + "'");
                return Optional.empty();
            }
            return tokens == null ? Optional.empty() : Optional.of(Estimation.fixed(tokens));
        }
        return r.map("estimation", TokenRateLimitKeys.ESTIMATION)
                .flatMap(e -> EstimationReader.read(e, rule, capacity == null ? TokenRateLimitConfig.MAX_TOKENS : capacity));
    }

    private static void otherAlgorithm(MapReader r, String key, String rule, String algorithm, String owner) {
        if (r.has(key)) {
            r.invalid(key, "no " + key + " on a " + algorithm + " rule (it belongs to " + owner + "), in rule '"
                    + rule + "'");
        }
        r.skip(key);
    }

    /** Milliseconds, or -1 after reporting. */
    private static long duration(MapReader r, String key, String rule) {
        Optional<String> text = r.string(key);
        if (text.isEmpty()) {
            return -1;
        }
        OptionalLong ms = TokenDurations.millis(text.get());
        if (ms.isEmpty()) {
            r.invalid(key, TokenDurations.EXPECTATION + ", in rule '" + rule + "'");
            return -1;
        }
        return ms.getAsLong();
    }
}
