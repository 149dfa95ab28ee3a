package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.tokenratelimit.TokenRateLimitConfig.Weights;
import java.util.List;
import java.util.Map;

/**
 * One rule of a {@code token_rate_limit}: which requests it takes, its budget, how it estimates a
 * request's cost and how it weighs the reported usage (see
 * docs/reference/filters/token_rate_limit.md#keys).
 *
 * @param name unique in the filter; the metrics label
 * @param matchHeaders lower-case header names to the exact value each must have (first value)
 * @param algorithm sliding window or token bucket
 * @param windowMs the trailing window (sliding window only, else 0)
 * @param capacity most tokens in the window, or the bucket's ceiling
 * @param refillRate tokens per second (token bucket only, else 0)
 * @param estimation the admission estimate
 * @param reservationTimeoutMs how long an unsettled reservation stays active
 * @param weights {@code default_weights} overlaid with the rule's own
 * @param tiers soft limits in ascending capacity (possibly empty)
 */
public record TokenRule(String name, Map<String, String> matchHeaders, Algorithm algorithm, long windowMs, long capacity,
        double refillRate, Estimation estimation, long reservationTimeoutMs, Weights weights, List<Tier> tiers) {
    public static final long DEFAULT_RESERVATION_TIMEOUT_MS = 30_000;

    public TokenRule {
        matchHeaders = Map.copyOf(matchHeaders);
        tiers = List.copyOf(tiers);
    }

    /** The accounting algorithm. */
    public enum Algorithm {
        SLIDING_WINDOW, TOKEN_BUCKET;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * A soft limit: once usage reaches {@code capacity}, {@code inject} adds its headers to the
     * upstream request; the {@code deny} tier only restates the rule's capacity.
     *
     * @param capacity the usage at which it fires
     * @param deny whether this is the informational deny tier
     * @param headers the headers an inject tier sets (original case kept, names unique ignoring case)
     */
    public record Tier(long capacity, boolean deny, Map<String, String> headers) {
        public Tier {
            headers = Map.copyOf(headers);
        }
    }
}
