package io.jpraxis.config.model;

/**
 * A cluster's {@code retry_policy} (see docs/behaviour/clusters.md#cluster-settings). Unset means
 * {@link #LEGACY}: retry connect failures of idempotent requests, three attempts in all, replaying
 * at most 64 KiB of request body.
 *
 * @param maxRetries retries after the first attempt
 * @param retryBodyLimitBytes request bodies larger than this are never replayed
 * @param allowNonIdempotent whether POST, PATCH and the like may be retried too
 */
public record RetryPolicyConfig(int maxRetries, long retryBodyLimitBytes, boolean allowNonIdempotent) {
    public static final long DEFAULT_RETRY_BODY_LIMIT_BYTES = 64 * 1024;
    public static final RetryPolicyConfig LEGACY = new RetryPolicyConfig(2, DEFAULT_RETRY_BODY_LIMIT_BYTES, false);
}
