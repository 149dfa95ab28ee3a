package io.jpraxis.http.exchange;

import io.jpraxis.config.model.RetryPolicyConfig;
import io.jpraxis.core.context.RouteRetryPolicy;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.upstream.UpstreamLease;
import io.jpraxis.http.upstream.UpstreamLease.AttemptOutcome;
import io.jpraxis.http.upstream.UpstreamVersion;

/**
 * A {@link ProxyExchange}'s bookkeeping of where its attempts go: the target of the current one,
 * the cluster slot and in-flight count it holds ({@link UpstreamLease}), the retry policy that says
 * whether another attempt may follow ({@link AttemptRetries}, docs/behaviour/retries.md), the
 * per-attempt clock ({@link AttemptClock}) and, when a filter left one, the failover plan that moves
 * the request to its next entry ({@link EntryFailover}, docs/behaviour/model-failover.md). The
 * exchange decides when to ask; this class only answers and moves, so the relay itself stays about
 * bytes. Event-loop confined, like the exchange.
 */
final class AttemptPlan {
    private final RequestInputs request;
    private final EdgeMetrics metrics;
    private final EntryFailover failover; // null without a failover plan
    private final AttemptClock clock;
    private UpstreamTarget target;
    private AttemptRetries retries; // replaced, with lease, when the request fails over to another entry
    private UpstreamLease lease;
    private boolean perTryFired;

    AttemptPlan(RequestInputs request, UpstreamTarget target) {
        this.request = request;
        this.metrics = request.listener().metrics();
        this.target = target;
        RetryPolicyConfig policy = RouteRetryPolicy.effective(request.context(), target);
        this.retries = retriesFor(target, policy);
        this.failover = EntryFailover.of(request.context());
        this.clock = new AttemptClock(request.loop(), EntryFailover.perTryMs(policy.perTryTimeoutMs(), failover));
        this.lease = new UpstreamLease(target.clusterState());
    }

    private AttemptRetries retriesFor(UpstreamTarget to, RetryPolicyConfig policy) {
        return new AttemptRetries(policy, request.head().method().name(), UpstreamVersion.mayUseHttp2(to.cluster()),
                policy.budget() == null ? null : to.clusterState().retryTokens(policy.budget()),
                request.context().receivedAt());
    }

    UpstreamTarget target() {
        return target;
    }

    AttemptRetries retries() {
        return retries;
    }

    UpstreamLease lease() {
        return lease;
    }

    AttemptClock clock() {
        return clock;
    }

    /** The first attempt's cluster slot; false when {@code max_connections} is reached (counted here). */
    boolean takeFirstSlot() {
        if (lease.takeSlot()) {
            return true;
        }
        metrics.clusterCapacityRefusal();
        return false;
    }

    /** Before the first attempt: with a failover plan, the body the first entry is sent is held to resend. */
    void useFirstBody() {
        if (failover != null) {
            failover.useFirstBody(request.pieces());
        }
    }

    /** A new attempt starts: its per-try timeout has not fired yet. */
    void attemptStarted() {
        perTryFired = false;
    }

    /** The attempt's per-try timeout fired: a failure that follows is a timeout before the first byte. */
    void perTryFired() {
        perTryFired = true;
    }

    /** After a failed attempt: the next failover entry's target, or null when the request does not fail over. */
    UpstreamTarget nextAfterFailure() {
        return failover == null ? null : nextEntry(failover.onFailure(perTryFired));
    }

    /** After an answer with {@code status}: the next entry's target when that status fails over and one is left, else null. */
    UpstreamTarget nextAfterStatus(int status) {
        return failover != null && failover.onStatus(status) ? nextEntry(EntryFailover.STATUS) : null;
    }

    private UpstreamTarget nextEntry(String reason) {
        return reason == null ? null : failover.advance(request.context(), request.pieces(), reason);
    }

    /**
     * The request fails over to another entry: the ended attempt's cluster slot goes back, the new
     * cluster's retry policy applies, and its slot is taken. False when that cluster is at
     * {@code max_connections} (counted here; the exchange answers).
     */
    boolean moveTo(UpstreamTarget next) {
        clock.settle();
        lease.close(AttemptOutcome.NOT_JUDGED); // the attempt was judged where it ended
        target = next;
        lease = new UpstreamLease(next.clusterState());
        retries = retriesFor(next, RouteRetryPolicy.effective(request.context(), next));
        metrics.upstreamRetry();
        if (!lease.takeSlot()) {
            metrics.clusterCapacityRefusal();
            return false;
        }
        return true;
    }

    /** Moves to the endpoint the policy picks for a retry and gives the backoff before it, in milliseconds. */
    long retry() {
        metrics.upstreamRetry();
        clock.settle();
        target = retries.retry(target);
        request.context().upstream(target); // the access log and metrics name the endpoint that answered
        return retries.backoffMs();
    }

    /** A retry on a fresh connection after a stale pooled one failed: the endpoint is not blamed. */
    void retryStale() {
        metrics.upstreamRetry();
        retries.spendStale();
        lease.endAttempt(AttemptOutcome.NOT_JUDGED);
    }

    /** The exchange is over: no timer stays armed, and the slot and in-flight count go back with {@code outcome}. */
    void close(AttemptOutcome outcome) {
        clock.cancel();
        lease.close(outcome);
    }
}
