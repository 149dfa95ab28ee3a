package io.jpraxis.http.exchange;

import io.jpraxis.config.model.RetryPolicyConfig;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.upstream.UpstreamFailure;
import java.util.ArrayList;
import java.util.List;

/**
 * What one exchange may still retry under its cluster's {@code retry_policy} (see
 * docs/behaviour/clusters.md#cluster-settings): connect failures up to {@code max_retries}, each to
 * an endpoint not tried yet when there is one, and once a pooled connection that turned out stale.
 * Only idempotent methods (RFC 9110 9.2.2) unless {@code allow_non_idempotent}, and only while the
 * body relayed so far is still kept for replay.
 */
final class RetryBudget {
    private final RetryPolicyConfig policy;
    private final boolean methodRetriable;
    /** Null until a retry: most exchanges never need it. */
    private List<EndpointState> tried;
    private int connectRetries;
    private boolean staleRetried;

    /** Whether the origin may turn a stream away unprocessed, which any method may then retry. */
    private final boolean streamsMayBeRefused;

    RetryBudget(RetryPolicyConfig policy, String method) {
        this(policy, method, false);
    }

    /**
     * @param streamsMayBeRefused the cluster may speak HTTP/2, whose refused streams any method
     *     may send again (see docs/behaviour/upstream-http2.md#goaway-and-refused-streams)
     */
    RetryBudget(RetryPolicyConfig policy, String method, boolean streamsMayBeRefused) {
        this.policy = policy;
        this.methodRetriable = policy.allowNonIdempotent() || isIdempotent(method);
        this.streamsMayBeRefused = streamsMayBeRefused;
    }

    /** The replay limit for this request's body; negative when it can never be retried. */
    long replayLimitBytes() {
        return methodRetriable || streamsMayBeRefused ? policy.retryBodyLimitBytes() : -1;
    }

    /** Whether a failed connect may be retried, given whether the relayed body is still replayable. */
    boolean mayRetryConnect(UpstreamFailure failure, boolean replayable) {
        return failure.retriableConnectFailure() && connectRetries < policy.maxRetries() && methodRetriable
                && replayable;
    }

    /**
     * Spends one connect retry: the target for it is another endpoint the cluster's balancer
     * picks among those not tried yet, or the same one when every endpoint was tried.
     */
    UpstreamTarget retryConnect(UpstreamTarget failed) {
        connectRetries++;
        if (tried == null) {
            tried = new ArrayList<>(2);
        }
        tried.add(failed.endpointState());
        EndpointState next = failed.reselector().reselect(tried);
        return next == null ? failed : failed.withEndpoint(next);
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

    int connectRetries() {
        return connectRetries;
    }

    int maxRetries() {
        return policy.maxRetries();
    }

    static boolean isIdempotent(String method) {
        return switch (method) {
            case "GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE" -> true;
            default -> false;
        };
    }
}
