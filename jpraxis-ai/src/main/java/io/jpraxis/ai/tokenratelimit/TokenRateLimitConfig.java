package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.config.model.StoreBackend;
import java.util.List;

/**
 * The {@code token_rate_limit} filter's config (see docs/reference/filters/token_rate_limit.md).
 *
 * @param rules evaluated in order; the first whose header matchers hold applies
 * @param key what partitions each rule's budget
 * @param backend where the budgets live, and whether a store failure at admission admits
 *     ({@code on_backend_error: open}) or answers 503 (see
 *     docs/reference/filters/token_rate_limit.md#statuses-and-headers)
 * @param defaultWeights reconciliation weights every rule starts from
 */
public record TokenRateLimitConfig(List<TokenRule> rules, KeyMode key, StoreBackend backend, Weights defaultWeights) {
    /** Praxis's default key prefix in a shared store. */
    public static final String DEFAULT_NAMESPACE = "praxis:token_rate_limit";
    /** 2^53: the largest integer a double (and Praxis's shared store) holds exactly; caps capacities and costs. */
    public static final long MAX_TOKENS = 1L << 53;

    public TokenRateLimitConfig {
        rules = List.copyOf(rules);
    }

    /** Whether some rule estimates from the request body, so the filter must read it. */
    public boolean readsBody() {
        return rules.stream().anyMatch(r -> r.estimation().readsBody());
    }

    /** What partitions a rule's budget. */
    public enum KeyMode {
        /** One budget per rule. */
        GLOBAL,
        /** One budget per rule and verified subject. */
        AUTHENTICATED_SUBJECT
    }

    /**
     * Reconciliation weights per token kind (see
     * docs/reference/filters/token_rate_limit.md#reconciliation).
     */
    public record Weights(double input, double output, double cachedInput, double cacheWrite, double reasoning) {
        public static final Weights ONE = new Weights(1, 1, 1, 1, 1);
    }
}
