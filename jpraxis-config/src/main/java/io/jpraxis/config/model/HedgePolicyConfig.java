package io.jpraxis.config.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A router route's {@code hedge_policy} (feature {@code hedged-requests}; see
 * docs/behaviour/hedging.md#the-policy).
 *
 * @param initialRequests attempts started at once, the primary included (at least 1)
 * @param maxAttempts attempts in all, at least {@code initialRequests}, at most 8
 * @param perTryTimeoutMs the wait before each further copy; null exactly when {@code maxAttempts == initialRequests}
 * @param budgetPercent copies as a share of this route's requests, 0 to 100 (0 turns copies off)
 */
public record HedgePolicyConfig(int initialRequests, int maxAttempts, Long perTryTimeoutMs, double budgetPercent)
        implements YamlShaped {
    /** The largest {@code max_attempts}. */
    public static final int MAX_ATTEMPTS = 8;
    /** The default {@code budget_percent}: copies on at most a tenth of the route's requests. */
    public static final double DEFAULT_BUDGET_PERCENT = 10;

    /** Whether any request under this policy can have a copy. */
    public boolean hedges() {
        return maxAttempts > 1;
    }

    @Override
    public Object toYaml() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("initial_requests", initialRequests);
        out.put("max_attempts", maxAttempts);
        if (perTryTimeoutMs != null) {
            out.put("per_try_timeout_ms", perTryTimeoutMs);
        }
        out.put("budget_percent", budgetPercent);
        return out;
    }
}
