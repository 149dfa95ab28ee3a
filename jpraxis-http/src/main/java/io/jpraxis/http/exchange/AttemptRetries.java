package io.jpraxis.http.exchange;

import io.jpraxis.config.model.RetryCondition;
import io.jpraxis.config.model.RetryPolicyConfig;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.core.upstream.RetryTokens;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.upstream.UpstreamFailure;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What one exchange may still retry under its {@code retry_policy} (see
 * docs/behaviour/retries.md#when-a-failure-is-retried). A failure is retried only when all hold:
 * its kind is a retriable condition (or its status a retriable one), fewer retries than
 * {@code max_retries} were made, the body relayed so far is still kept for replay, the method is
 * idempotent (RFC 9110 9.2.2) unless {@code allow_non_idempotent}, {@code request_timeout_ms} has
 * not passed since the request arrived, and the cluster's retry budget has a token. Apart from
 * those retries, a pooled connection that turned out stale is retried once on a fresh one.
 */
final class AttemptRetries {
    private final RetryPolicyConfig policy;
    private final boolean methodRetriable;
    /** Whether the origin may turn a stream away unprocessed, which any method may then retry. */
    private final boolean streamsMayBeRefused;
    /** The cluster's budget bucket, or null without a budget. */
    private final RetryTokens tokens;
    /** When the request arrived, or null when no {@code request_timeout_ms} applies. */
    private final Instant retryDeadline;
    /** Null until a retry: most exchanges never need it. */
    private List<EndpointState> tried;
    private int retries;
    private boolean staleRetried;

    AttemptRetries(RetryPolicyConfig policy, String method) {
        this(policy, method, false, null, null);
    }

    AttemptRetries(RetryPolicyConfig policy, String method, boolean streamsMayBeRefused) {
        this(policy, method, streamsMayBeRefused, null, null);
    }

    /**
     * @param streamsMayBeRefused the cluster may speak HTTP/2, whose refused streams any method
     *     may send again (see docs/behaviour/upstream-http2.md#goaway-and-refused-streams)
     * @param tokens the cluster's budget bucket, or null
     * @param receivedAt when the request arrived (for {@code request_timeout_ms}), or null
     */
    AttemptRetries(RetryPolicyConfig policy, String method, boolean streamsMayBeRefused, RetryTokens tokens,
            Instant receivedAt) {
        this.policy = policy;
        this.methodRetriable = policy.allowNonIdempotent() || isIdempotent(method);
        this.streamsMayBeRefused = streamsMayBeRefused;
        this.tokens = tokens;
        this.retryDeadline = receivedAt == null || policy.requestTimeoutMs() == null ? null
                : receivedAt.plus(Duration.ofMillis(policy.requestTimeoutMs()));
    }

    RetryPolicyConfig policy() {
        return policy;
    }

    /** The replay limit for this request's body; negative when it can never be retried. */
    long replayLimitBytes() {
        boolean anyRetry = methodRetriable && policy.effectiveMaxRetries() > 0;
        return anyRetry || streamsMayBeRefused ? policy.retryBodyLimitBytes() : -1;
    }

    /** Whether the attempt's response head must be judged before the response filters see it. */
    boolean judgesStatus() {
        return policy.retriesAnyStatus();
    }

    /**
     * Whether a failed attempt may be retried (taking a budget token when it may), given whether
     * the relayed body is still replayable.
     */
    boolean mayRetry(UpstreamFailure failure, boolean replayable) {
        return retriable(failure) && allowed(replayable);
    }

    /** Whether an answer with {@code status} is retried instead of relayed (taking a budget token when it is). */
    boolean mayRetryStatus(int status, boolean replayable) {
        return policy.retriesStatus(status) && allowed(replayable);
    }

    private boolean retriable(UpstreamFailure failure) {
        if (!policy.configured()) {
            return failure.retriableConnectFailure(); // legacy: connect failures only
        }
        RetryCondition condition = failure.retryCondition();
        return condition != null && policy.retries(condition);
    }

    private boolean allowed(boolean replayable) {
        return retries < policy.effectiveMaxRetries() && methodRetriable && replayable
                && (retryDeadline == null || Instant.now().isBefore(retryDeadline))
                && (tokens == null || tokens.tryTake()); // last: a token is spent only on a retry
    }

    /**
     * Spends one retry: a configured policy sends it to another endpoint the cluster's balancer
     * picks among those not tried yet (the same one when every endpoint was tried); the legacy
     * policy to the same endpoint.
     */
    UpstreamTarget retry(UpstreamTarget failed) {
        retries++;
        if (!policy.configured()) {
            return failed;
        }
        if (tried == null) {
            tried = new ArrayList<>(2);
        }
        tried.add(failed.endpointState());
        EndpointState next = failed.reselector().reselect(tried);
        return next == null ? failed : failed.withEndpoint(next);
    }

    /** The wait before the retry just spent: uniform in {@code [0, min(base * 2^(n-1), max)]}; 0 for legacy. */
    long backoffMs() {
        RetryPolicyConfig.Backoff backoff = policy.backoff();
        if (backoff == null || retries == 0) {
            return 0;
        }
        return ThreadLocalRandom.current().nextLong(backoff.ceilingMs(retries) + 1);
    }

    /**
     * Whether a reused connection that broke before any answer may be retried on a fresh one, or a
     * stream the origin turned away unprocessed (see
     * docs/behaviour/upstream-http2.md#goaway-and-refused-streams): that one whatever the method,
     * since the origin did not act on it.
     */
    boolean mayRetryStale(UpstreamFailure failure, boolean replayable) {
        if (failure.unprocessed()) {
            return !staleRetried && replayable && streamsMayBeRefused;
        }
        return !staleRetried && methodRetriable && replayable
                && (failure == UpstreamFailure.RESET || failure == UpstreamFailure.PREMATURE_CLOSE);
    }

    void spendStale() {
        staleRetried = true;
    }

    int retries() {
        return retries;
    }

    int maxRetries() {
        return policy.effectiveMaxRetries();
    }

    static boolean isIdempotent(String method) {
        return switch (method) {
            case "GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE" -> true;
            default -> false;
        };
    }
}
