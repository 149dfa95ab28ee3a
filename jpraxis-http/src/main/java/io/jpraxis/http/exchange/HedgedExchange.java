package io.jpraxis.http.exchange;

import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.HedgePolicyConfig;
import io.jpraxis.core.context.RouteHedgePolicy;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.core.upstream.HedgeBudget;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.error.EdgeError;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.jpraxis.http.upstream.UpstreamLease;
import io.jpraxis.http.upstream.UpstreamLease.AttemptOutcome;
import io.jpraxis.http.tracing.ClientSpan;
import io.jpraxis.http.tracing.ServerSpan;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A hedged request (see docs/behaviour/hedging.md#the-race): the whole body is read first (over
 * the pipeline's request limit, or the absolute cap for buffered bodies without one: 413), then the primary goes to the endpoint the balancer chose and copies go to other
 * healthy endpoints of the cluster, never one twice: {@code initial_requests} at once, then one
 * more after each {@code per_try_timeout_ms} without a winner, up to {@code max_attempts}, each as
 * the policy's budget admits. The first head below 500 wins and every other attempt is cancelled
 * (its stream closed); the winner's answer is read whole and sent as one response through the
 * response phase ({@link HedgeAnswer}). When every attempt failed and no copy can start: 502.
 * Holds one cluster slot for the race. Confined to the exchange's event loop.
 */
final class HedgedExchange implements UpstreamSide, HedgeAttempt.Race {
    private static final Logger log = LoggerFactory.getLogger(HedgedExchange.class);

    private final ClientSide client;
    private final RequestInputs request;
    private final EdgeMetrics metrics;
    private final UpstreamTarget primary;
    private final HedgePolicyConfig policy;
    private final HedgeBudget budget;
    private final UpstreamLease slot;
    private final long bodyLimit;
    private final HedgeAnswer answer;
    private final List<HedgeAttempt> attempts = new ArrayList<>(2);
    private final List<EndpointState> tried = new ArrayList<>(2);
    private ByteBuf requestBody;
    private ScheduledFuture<?> nextCopy;
    private HedgeAttempt winner;
    private boolean ended;

    private HedgedExchange(ClientSide client, RequestInputs request, UpstreamTarget primary, RouteHedgePolicy hedge) {
        this.client = client;
        this.request = request;
        this.metrics = request.listener().metrics();
        this.primary = primary;
        this.policy = hedge.policy();
        this.budget = hedge.budget();
        this.slot = new UpstreamLease(primary.clusterState());
        Long limit = request.execution().bodyPlan().requestLimit();
        this.bodyLimit = limit != null ? limit : BodyLimits.ABSOLUTE_CAP_BYTES;
        this.answer = new HedgeAnswer(client, request);
    }

    /** A hedged exchange when the request qualifies ({@link HedgeEligibility}), else a plain one. */
    static UpstreamSide orProxy(ClientSide client, RequestInputs request, UpstreamTarget target) {
        RouteHedgePolicy hedge = HedgeEligibility.policyFor(request, target);
        return hedge == null ? new ProxyExchange(client, request, target)
                : new HedgedExchange(client, request, target, hedge);
    }

    @Override
    public boolean admitsDeclaredBody() {
        if (HttpUtil.getContentLength(request.head(), -1L) > bodyLimit) {
            metrics.requestBodyLimitHit();
            abandon(EdgeError.REQUEST_BODY_TOO_LARGE.status(), EdgeError.REQUEST_BODY_TOO_LARGE.reason());
            return false;
        }
        return true;
    }

    /** Any body is read whole before the race, up to the bound. */
    @Override
    public long wholeBodyBound(HttpRequest head) {
        boolean body = HttpUtil.isTransferEncodingChunked(head) || HttpUtil.getContentLength(head, 0L) > 0;
        return body ? bodyLimit : -1;
    }

    @Override
    public void connect() {
        if (ended) {
            return;
        }
        if (!slot.takeSlot()) {
            metrics.clusterCapacityRefusal();
            abandon(EdgeError.CLUSTER_AT_CAPACITY.status(), EdgeError.CLUSTER_AT_CAPACITY.reason());
            return;
        }
        requestBody = takeBody();
        budget.countRequest();
        if (!launch(primary)) {
            return;
        }
        for (int i = 1; i < policy.initialRequests() && copy(); i++) {
            // fan-out: the first copies start with the primary
        }
        scheduleNextCopy();
    }

    /** The body read whole (or none), as one buffer the attempts share. */
    private ByteBuf takeBody() {
        CompositeByteBuf whole = null;
        HttpContent piece;
        while ((piece = request.pieces().poll()) != null) {
            if (piece.content().isReadable()) {
                whole = whole == null ? Unpooled.compositeBuffer(Integer.MAX_VALUE) : whole;
                whole.addComponent(true, piece.content().retain());
            }
            piece.release();
        }
        return whole;
    }

    /** Starts one attempt to {@code target}; false when the exchange ended instead. */
    private boolean launch(UpstreamTarget target) {
        HttpRequest head;
        try {
            AttemptHooks.beforeAttempt(request.context());
            Long length = requestBody == null ? null : (long) requestBody.readableBytes();
            head = UpstreamRequests.build(request.context(), request.head(), target, length, false, metrics);
        } catch (IllegalArgumentException e) {
            log.error("request {}: request head for the upstream is not valid HTTP: {}", request.requestId(),
                    e.getMessage());
            metrics.internalError();
            abandon(EdgeError.INTERNAL.status(), EdgeError.INTERNAL.reason());
            return false;
        }
        tried.add(target.endpointState());
        request.context().upstreamAttempted();
        // Each copy is an upstream attempt with its own client span (the origin parents on it); null when tracing is off.
        ClientSpan span = ClientSpan.nextAttempt(ServerSpan.of(request.context()), null, head.method().name(), target,
                attempts.size(), head.headers());
        HedgeAttempt attempt = new HedgeAttempt(this, target, head, requestBody, responseLimit(), span);
        attempts.add(attempt);
        attempt.start(request.listener().connector(), request.loop());
        return !ended;
    }

    private long responseLimit() {
        Long limit = request.execution().bodyPlan().responseLimit();
        return limit != null ? limit : BodyLimits.ABSOLUTE_CAP_BYTES;
    }

    /** Starts one more copy when the policy, the cluster and the budget allow it. */
    private boolean copy() {
        if (ended || winner != null || attempts.size() >= policy.maxAttempts()) {
            return false;
        }
        EndpointState next = nextEndpoint();
        if (next == null || !budget.tryTakeCopy()) {
            return false;
        }
        metrics.hedgeCopy();
        log.debug("request {}: hedge copy {} of {} to {}", request.requestId(), attempts.size() + 1,
                policy.maxAttempts(), next.endpoint().address());
        return launch(primary.withEndpoint(next));
    }

    /** A healthy endpoint of the cluster no attempt went to yet, the balancer's choice first; null when none. */
    private EndpointState nextEndpoint() {
        EndpointState pick = primary.reselector().reselect(tried);
        if (pick != null && pick.healthy() && !tried.contains(pick)) {
            return pick;
        }
        for (EndpointState e : primary.clusterState().endpoints()) {
            if (e.healthy() && !tried.contains(e)) {
                return e;
            }
        }
        return null;
    }

    private void scheduleNextCopy() {
        cancelNextCopy();
        Long wait = policy.perTryTimeoutMs();
        if (wait != null && !ended && winner == null && attempts.size() < policy.maxAttempts()) {
            nextCopy = request.loop().schedule(this::perTryElapsed, wait, TimeUnit.MILLISECONDS);
        }
    }

    private void perTryElapsed() {
        nextCopy = null;
        if (copy()) {
            scheduleNextCopy();
        }
    }

    private void cancelNextCopy() {
        if (nextCopy != null) {
            nextCopy.cancel(false);
            nextCopy = null;
        }
    }

    // ---- reports from the attempts ----

    @Override
    public boolean answered(HedgeAttempt attempt, HttpResponse head) {
        if (ended || winner != null) {
            attempt.cancel();
            return false;
        }
        winner = attempt;
        cancelNextCopy();
        for (HedgeAttempt other : attempts) {
            if (other != attempt) {
                other.cancel(); // its connection closes: it is never pooled half-used
            }
        }
        request.context().upstream(attempt.target()); // the access log names the endpoint that answered
        request.context().upstreamAnswered(head.status().code());
        log.debug("request {}: hedge won by {} ({} attempts)", request.requestId(),
                attempt.target().endpoint().address(), attempts.size());
        return true;
    }

    @Override
    public void failed(HedgeAttempt attempt, UpstreamFailure failure, String why) {
        if (failure != null) {
            metrics.upstreamFailure(failure);
        }
        if (ended || winner != null) {
            return;
        }
        log.debug("request {}: hedge attempt to {} failed ({})", request.requestId(),
                attempt.target().endpoint().address(), why);
        if (attempts.stream().anyMatch(a -> !a.over())) {
            return; // another attempt may still answer
        }
        if (copy()) { // nothing left in flight: the next copy need not wait for its timer
            scheduleNextCopy();
            return;
        }
        abandon(502, "every hedged attempt failed (last: " + why + ")");
    }

    @Override
    public void brokeAfterWin(HedgeAttempt attempt, UpstreamFailure failure) {
        if (failure == null) {
            metrics.responseBodyLimitHit();
            abandon(502, "upstream response too large");
        } else {
            metrics.upstreamFailure(failure);
            abandon(failure.status(), failure.reason());
        }
    }

    @Override
    public void completed(HedgeAttempt attempt) {
        if (ended) {
            return;
        }
        HttpResponse head = attempt.head();
        LastHttpContent body = attempt.takeBody();
        attempt.finish(); // read whole: the connection goes back to the pool when the origin keeps it
        end();
        answer.send(head, body);
    }

    // ---- the client's side ----

    @Override
    public void onRequestContent(HttpContent content) {
        content.release(); // the body was read whole before the race; this is the decoder's empty last piece
    }

    @Override
    public void onDownstreamWritable() {
        // The answer goes out whole; nothing waits for the client to drain.
    }

    @Override
    public void onDownstreamClosed() {
        if (!ended) {
            log.debug("request {}: client left during the hedge race; cancelling {} attempts", request.requestId(),
                    attempts.size());
            end();
            answer.close();
        }
    }

    @Override
    public void onDeadline(int status, String reason) {
        abandon(status, reason);
    }

    @Override
    public long responseBytes() {
        return answer.bytes();
    }

    /** Ends the race early (once): every attempt is cancelled and the client gets {@code status}. */
    private void abandon(int status, String reason) {
        if (ended) {
            return;
        }
        end();
        answer.close();
        client.fail(status, reason);
    }

    /** Cancels what still runs and gives back the slot and the body, once. */
    private void end() {
        ended = true;
        cancelNextCopy();
        attempts.forEach(HedgeAttempt::cancel); // the winner's connection was handed back first, if it was read whole
        slot.close(AttemptOutcome.NOT_JUDGED);
        if (requestBody != null) {
            requestBody.release();
            requestBody = null;
        }
    }
}
