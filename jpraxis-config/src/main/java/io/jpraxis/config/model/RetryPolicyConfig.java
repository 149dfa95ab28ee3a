package io.jpraxis.config.model;

import java.util.List;

/**
 * A cluster's (or a route's merged) {@code retry_policy} (see docs/behaviour/retries.md). Unset
 * means {@link #LEGACY}: connect failures of idempotent requests, three retries to the same
 * endpoint, at once, replaying at most 64 KiB of request body.
 *
 * @param configured false only for {@link #LEGACY}: a configured policy reselects another
 *     endpoint for each retry, backs off and may spend a budget
 * @param maxRetries retries after the first attempt, as configured (see {@link #effectiveMaxRetries()})
 * @param conditions the failures that are retried, in config order, without duplicates
 * @param retriableStatusCodes statuses retried besides those {@link RetryCondition#STATUS_5XX} covers
 * @param perTryTimeoutMs how long each attempt may take to bring a response head, or null
 * @param requestTimeoutMs no retry once this long has passed since the request arrived, or null
 * @param backoff the wait before each retry, or null to retry at once (legacy only)
 * @param budget the cluster's retry token bucket, or null for no budget
 * @param retryBodyLimitBytes request bodies larger than this (before or after filters) are never replayed
 * @param allowNonIdempotent whether POST, PATCH and the like may be retried too
 */
public record RetryPolicyConfig(boolean configured, int maxRetries, List<RetryCondition> conditions,
        List<Integer> retriableStatusCodes, Long perTryTimeoutMs, Long requestTimeoutMs, Backoff backoff,
        Budget budget, long retryBodyLimitBytes, boolean allowNonIdempotent) {
    public static final long DEFAULT_RETRY_BODY_LIMIT_BYTES = 64 * 1024;
    public static final int DEFAULT_MAX_RETRIES = 3;
    /** More retries than this are accepted but not made. */
    public static final int MAX_EFFECTIVE_RETRIES = 15;
    public static final RetryPolicyConfig LEGACY = new RetryPolicyConfig(false, DEFAULT_MAX_RETRIES,
            List.of(RetryCondition.CONNECT_FAILURE), List.of(), null, null, null, null,
            DEFAULT_RETRY_BODY_LIMIT_BYTES, false);
    /** What a configured policy starts from before its keys apply. */
    public static final RetryPolicyConfig DEFAULTS = new RetryPolicyConfig(true, DEFAULT_MAX_RETRIES,
            List.of(RetryCondition.CONNECT_FAILURE), List.of(), null, null, Backoff.DEFAULT, null,
            DEFAULT_RETRY_BODY_LIMIT_BYTES, false);

    public RetryPolicyConfig {
        conditions = List.copyOf(conditions);
        retriableStatusCodes = List.copyOf(retriableStatusCodes);
    }

    /** A configured policy with these three settings and every other one at its default. */
    public static RetryPolicyConfig configured(int maxRetries, long retryBodyLimitBytes, boolean allowNonIdempotent) {
        return new RetryPolicyConfig(true, maxRetries, DEFAULTS.conditions, List.of(), null, null, Backoff.DEFAULT,
                null, retryBodyLimitBytes, allowNonIdempotent);
    }

    /** The retries actually made: {@link #maxRetries()} capped at {@link #MAX_EFFECTIVE_RETRIES}. */
    public int effectiveMaxRetries() {
        return Math.min(maxRetries, MAX_EFFECTIVE_RETRIES);
    }

    public boolean retries(RetryCondition condition) {
        return conditions.contains(condition);
    }

    /** Whether an answer with {@code status} is retried: listed, or a 5xx under {@code status5xx}. */
    public boolean retriesStatus(int status) {
        return retriableStatusCodes.contains(status) || (status >= 500 && status <= 599
                && conditions.contains(RetryCondition.STATUS_5XX));
    }

    /** Whether any answer could be retried, so an exchange must look at the status before the response filters. */
    public boolean retriesAnyStatus() {
        return !retriableStatusCodes.isEmpty() || conditions.contains(RetryCondition.STATUS_5XX);
    }

    /**
     * Exponential backoff with full jitter: retry {@code n} waits a uniformly random time in
     * {@code [0, min(base * 2^(n-1), max)]}.
     */
    public record Backoff(long baseIntervalMs, long maxIntervalMs) {
        public static final Backoff DEFAULT = new Backoff(25, 250);

        /** The upper end of the wait before retry {@code n} (1-based). */
        public long ceilingMs(int n) {
            int shift = Math.min(Math.max(n - 1, 0), 40);
            long grown = baseIntervalMs > (Long.MAX_VALUE >> shift) ? Long.MAX_VALUE : baseIntervalMs << shift;
            return Math.min(grown, maxIntervalMs);
        }
    }

    /**
     * A token bucket per cluster: starts with {@code minRetriesPerSecond} tokens, refills at that
     * rate, holds at most {@code max(active requests * percent / 100, minRetriesPerSecond)}.
     */
    public record Budget(double percent, long minRetriesPerSecond) {
        public static final long DEFAULT_MIN_RETRIES_PER_SECOND = 10;
    }
}
