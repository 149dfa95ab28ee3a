package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.tokenratelimit.TokenRateLimitConfig.Weights;
import io.jpraxis.ai.tokenratelimit.TokenRule.Algorithm;
import java.util.List;
import java.util.Map;

/** Rules built by hand for the ledger and cost tests. */
final class Rules {
    private Rules() {
    }

    static TokenRule window(long capacity, long windowMs, long timeoutMs) {
        return new TokenRule("w", Map.of(), Algorithm.SLIDING_WINDOW, windowMs, capacity, 0, Estimation.fixed(1),
                timeoutMs, Weights.ONE, List.of());
    }

    static TokenRule bucket(long capacity, double refill, long timeoutMs) {
        return new TokenRule("b", Map.of(), Algorithm.TOKEN_BUCKET, 0, capacity, refill, Estimation.fixed(1), timeoutMs,
                Weights.ONE, List.of());
    }
}
