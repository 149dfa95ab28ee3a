package io.jpraxis.config.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys one {@code retry_policy} block sets; null (or an empty list) where it leaves the value
 * to what it overrides. A cluster's block applies over {@link RetryPolicyConfig#DEFAULTS}, a
 * route's over its cluster's policy (see docs/behaviour/retries.md#route-level-policies).
 */
public record RetryPolicyOverride(Integer maxRetries, List<RetryCondition> conditions,
        List<Integer> retriableStatusCodes, Long perTryTimeoutMs, Long requestTimeoutMs,
        RetryPolicyConfig.Backoff backoff, RetryPolicyConfig.Budget budget, Long retryBodyLimitBytes,
        Boolean allowNonIdempotent) implements YamlShaped {

    public RetryPolicyOverride {
        conditions = List.copyOf(conditions);
        retriableStatusCodes = List.copyOf(retriableStatusCodes);
    }

    /**
     * This block over {@code base}: every key set here wins, a non-empty list replaces the base
     * list. Over the legacy policy the configured defaults are the base, since a route that
     * configures retries asks for the configured behaviour (reselection, backoff).
     */
    public RetryPolicyConfig over(RetryPolicyConfig base) {
        RetryPolicyConfig b = base.configured() ? base : RetryPolicyConfig.DEFAULTS;
        return new RetryPolicyConfig(true,
                maxRetries != null ? maxRetries : b.maxRetries(),
                conditions.isEmpty() ? b.conditions() : conditions,
                retriableStatusCodes.isEmpty() ? b.retriableStatusCodes() : retriableStatusCodes,
                perTryTimeoutMs != null ? perTryTimeoutMs : b.perTryTimeoutMs(),
                requestTimeoutMs != null ? requestTimeoutMs : b.requestTimeoutMs(),
                backoff != null ? backoff : b.backoff(),
                budget != null ? budget : b.budget(),
                retryBodyLimitBytes != null ? retryBodyLimitBytes : b.retryBodyLimitBytes(),
                allowNonIdempotent != null ? allowNonIdempotent : b.allowNonIdempotent());
    }

    /** The keys this block set, in the order the reference lists them. */
    @Override
    public Object toYaml() {
        Map<String, Object> out = new LinkedHashMap<>();
        put(out, "max_retries", maxRetries);
        if (!conditions.isEmpty()) {
            out.put("retriable_conditions", conditions.stream().map(RetryCondition::yamlName).toList());
        }
        if (!retriableStatusCodes.isEmpty()) {
            out.put("retriable_status_codes", retriableStatusCodes);
        }
        put(out, "per_try_timeout_ms", perTryTimeoutMs);
        put(out, "request_timeout_ms", requestTimeoutMs);
        if (backoff != null) {
            Map<String, Object> b = new LinkedHashMap<>();
            b.put("base_interval_ms", backoff.baseIntervalMs());
            b.put("max_interval_ms", backoff.maxIntervalMs());
            out.put("backoff", b);
        }
        if (budget != null) {
            Map<String, Object> b = new LinkedHashMap<>();
            b.put("percent", budget.percent());
            b.put("min_retries_per_second", budget.minRetriesPerSecond());
            out.put("retry_budget", b);
        }
        put(out, "retry_body_limit_bytes", retryBodyLimitBytes);
        put(out, "allow_non_idempotent", allowNonIdempotent);
        return out;
    }

    private static void put(Map<String, Object> out, String key, Object value) {
        if (value != null) {
            out.put(key, value);
        }
    }
}
