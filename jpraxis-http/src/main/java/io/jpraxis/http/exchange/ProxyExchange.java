package io.jpraxis.http.exchange;

import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.pipeline.BodyPlan;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.error.EdgeError;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.tracing.ClientSpan;
import io.jpraxis.http.tracing.ServerSpan;
import io.jpraxis.http.upstream.UpstreamConnector;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.jpraxis.http.upstream.UpstreamLease;
import io.jpraxis.http.upstream.UpstreamLease.AttemptOutcome;
import io.jpraxis.http.upstream.UpstreamStream;
import io.jpraxis.http.upstream.UpstreamStreamListener;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Relays one exchange between the client and an origin, streaming both bodies with backpressure:
 * the client is read only while the upstream can take more, and the upstream only while the client
 * can. Nothing is buffered beyond the transports' own write buffers, except the request pieces the
 * exchange holds ({@link RequestPieces}: a small body read whole before connecting, pieces waiting
 * for a connection, a retry's copy). Runs on the client connection's event loop, as does its
 * {@link UpstreamStream}. It reaches the client only through {@link ClientSide}. A client that reads
 * none of the response for the send timeout ({@link ListenerContext#sendTimeoutMs()}) has its
 * exchange cut, so it cannot hold an upstream connection. Its lifecycle is {@link ProxyState}.
 *
 * <p>Where attempts go, the cluster slot and the retry and failover decisions are its {@link
 * AttemptPlan} (docs/behaviour/retries.md); a stale pooled connection is tried once more on a fresh
 * one. Each attempt has a client span when tracing is on ({@link ClientSpan}). A body is read only
 * once a connection exists (a small one whole before, see {@link Exchange}), so a connect failure
 * never needs a replay. {@link RequestBodyRelay} is the client-to-origin half.
 */
final class ProxyExchange
        implements UpstreamConnector.AcquireCallback, UpstreamStreamListener, RequestBodyRelay.Owner, UpstreamSide {
    private static final Logger log = LoggerFactory.getLogger(ProxyExchange.class);

    private final ClientSide client;
    private final RequestInputs request;
    private final EdgeMetrics metrics;
    private final AttemptPlan plan;
    private final RequestBodyRelay body;
    private final BodyPlan bodyPlan;
    private final ResponseFlow response;
    private UpstreamStream stream;
    /** The head for the current attempt, built before it connects. */
    private HttpRequest upstreamHead;
    private int upstreamStatus;
    private ProxyState state = ProxyState.CONNECTING;
    // Read from the response heads, not lifecycle: whether each connection may serve another exchange.
    private boolean upstreamReusable;
    private boolean keepAlive;
    private final ServerSpan traced; // null when tracing is off, and so is attemptSpan
    private ClientSpan attemptSpan;

    /** @param client the only way this class reaches the client's half of the exchange */
    ProxyExchange(ClientSide client, RequestInputs request, UpstreamTarget target) {
        this.client = client;
        this.request = request;
        this.metrics = request.listener().metrics();
        this.plan = new AttemptPlan(request, target);
        this.body = new RequestBodyRelay(request, client, this, plan.retries().replayLimitBytes());
        this.bodyPlan = request.execution().bodyPlan();
        this.response = new ResponseFlow(request);
        this.traced = ServerSpan.of(request.context());
    }

    /** The one place the state changes (the transitions are in {@link ProxyState}). */
    private void become(ProxyState next) {
        assert state.mayBecome(next) : state + " -> " + next;
        state = next;
    }

    /** False when the declared body is over the limit and the exchange was answered ({@link RequestBodyRelay}). */
    public boolean admitsDeclaredBody() {
        return body.admitsDeclaredBody();
    }

    /** Takes a cluster slot and makes the first attempt; a body held whole waits in the exchange until it connects. */
    public void connect() {
        if (state == ProxyState.ENDED) {
            return; // ended while the exchange read a small body whole (the request deadline)
        }
        String refused = request.upgrade() ? UpgradeRequests.clusterRefusal(plan.target()) : null;
        if (refused != null) {
            abandon(502, refused);
            return;
        }
        if (!plan.takeFirstSlot()) { // the origin is not contacted (docs/behaviour/clusters.md#cluster-settings)
            log.debug("request {}: cluster {} at max_connections", request.requestId(), plan.target().cluster().name());
            refuseAtCapacity();
            return;
        }
        plan.useFirstBody();
        attempt(false);
    }

    private void refuseAtCapacity() {
        end(AttemptOutcome.NOT_JUDGED);
        client.fail(EdgeError.CLUSTER_AT_CAPACITY.status(), EdgeError.CLUSTER_AT_CAPACITY.reason());
    }

    private void attempt(boolean fresh) {
        UpstreamTarget target = plan.target();
        // Built before connecting: a head that cannot go on the wire must not cost a connection.
        HttpRequest head;
        try {
            AttemptHooks.beforeAttempt(request.context()); // per attempt: a deadline's time left, say
            head = UpstreamRequests.build(request.context(), request.head(), target, request.pieces().exactLength(),
                    bodyPlan.requestRewritable(), metrics);
        } catch (IllegalArgumentException e) {
            // A filter left a header or target no wire may carry (a CR or LF would split the message).
            failInternally("request head for the upstream is not valid HTTP", e, AttemptOutcome.NOT_JUDGED);
            return;
        }
        UpgradeRequests.keepOffer(head, request);
        upstreamHead = head;
        plan.attemptStarted();
        attemptSpan = ClientSpan.nextAttempt(traced, attemptSpan, head.method().name(), target,
                plan.retries().retries(), head.headers()); // last: the origin parents on this attempt, whatever trace headers a filter set
        plan.lease().beginAttempt(target.endpointState());
        request.context().upstreamAttempted(); // a connect is tried: its failure is the upstream's
        int number = plan.clock().begin(this::perTryTimedOut);
        request.listener().connector().acquire(target, request.loop(), fresh,
                plan.clock().guard(number, this, metrics));
    }

    // ---- acquisition ----

    @Override
    public void onAcquired(UpstreamStream acquired) {
        if (state == ProxyState.ENDED) {
            acquired.abort(); // the client left while we connected
            return;
        }
        stream = acquired;
        become(ProxyState.SENDING);
        stream.bind(this);
        stream.write(upstreamHead);
        if (state == ProxyState.ENDED || stream != acquired || !body.sendTo(acquired)) {
            return; // the stream failed on the way, and that failure has been handled
        }
        stream.flush();
        stream.read(); // also while the request streams: an origin may answer (or fail) early
        body.startReading();
    }

    @Override
    public void onAcquireFailed(UpstreamFailure failure) {
        metrics.upstreamFailure(failure);
        if (state == ProxyState.ENDED) {
            return; // the exchange already ended; its lease is closed
        }
        ClientSpan.failed(attemptSpan, failure.name());
        plan.lease().endAttempt(AttemptOutcome.FAILURE);
        if (!tryAgain(failure)) {
            end(AttemptOutcome.FAILURE);
            client.fail(failure.status(), failure.reason());
        }
    }

    /** After a failed attempt, judged and forgotten: a retry, the next failover entry, or false when neither is left. */
    private boolean tryAgain(UpstreamFailure failure) {
        if (plan.retries().mayRetry(failure, body.replayable())) {
            retry(failure.name());
            return true;
        }
        UpstreamTarget next = plan.nextAfterFailure();
        if (next == null) {
            return false;
        }
        moveTo(next);
        return true;
    }

    /** The request fails over to another entry (see docs/behaviour/model-failover.md), under that cluster's policy. */
    private void moveTo(UpstreamTarget next) {
        log.debug("request {}: failing over to cluster {} ({})", request.requestId(), next.cluster().name(),
                next.endpoint().address());
        if (!plan.moveTo(next)) {
            refuseAtCapacity();
            return;
        }
        attempt(false);
    }

    /** Another attempt after the backoff, to the endpoint the policy picks (docs/behaviour/retries.md); CONNECTING meanwhile. */
    private void retry(String why) {
        long wait = plan.retry();
        log.debug("request {}: upstream attempt failed ({}); retry {} of {} to {} in {} ms", request.requestId(), why,
                plan.retries().retries(), plan.retries().maxRetries(), plan.target().endpoint().address(), wait);
        plan.clock().after(wait, () -> {
            if (state != ProxyState.ENDED) {
                attempt(false);
            }
        });
    }

    /** The attempt brought no response head within {@code per_try_timeout_ms}: it fails as a read timeout. */
    private void perTryTimedOut() {
        plan.perTryFired();
        if (state == ProxyState.CONNECTING) {
            plan.clock().settle(); // the pending acquisition is dropped when it answers
            onAcquireFailed(UpstreamFailure.READ_TIMEOUT);
        } else if (state == ProxyState.SENDING) {
            UpstreamStream timedOut = stream;
            onFailure(UpstreamFailure.READ_TIMEOUT);
            timedOut.abort(); // whatever the outcome, this attempt's connection is done
        }
    }

    // ---- request body: client -> origin ----

    /** A body piece from the client; ownership passes here. Without a stream it waits in {@link RequestPieces}. */
    public void onRequestContent(HttpContent content) {
        if (state == ProxyState.ENDED) {
            content.release();
        } else if (stream == null) {
            request.pieces().add(content);
        } else {
            body.onContent(content);
        }
    }

    @Override
    public void onWritable() {
        if (state != ProxyState.ENDED) {
            body.onUpstreamWritable();
        }
    }

    // ---- response: origin -> client ----

    @Override
    public void onResponseHead(HttpResponse head) {
        if (state == ProxyState.ENDED) {
            return;
        }
        upstreamStatus = head.status().code();
        ClientSpan.answered(attemptSpan, upstreamStatus);
        plan.clock().settle();
        AttemptRetries retries = plan.retries();
        if (upstreamStatus != 101 && retries.judgesStatus() && retries.mayRetryStatus(upstreamStatus, body.replayable())) {
            int status = upstreamStatus; // before the response filters: a retried answer never reaches the client
            dropAnswer(status);
            retry("status " + status);
            return;
        }
        if (upstreamStatus != 101 && failOverAnswer(upstreamStatus)) {
            return; // likewise: the next entry answers instead
        }
        request.context().upstreamAnswered(upstreamStatus); // before the response filters, which may change it
        body.answered();
        if (upstreamStatus == 101) {
            switchProtocols(head);
            return;
        }
        upstreamReusable = HttpUtil.isKeepAlive(head);
        // While the client is still sending, the connection cannot be reused for its next request.
        boolean wanted = client.keepAliveWanted();
        DownstreamResponses.Built built;
        try {
            built = DownstreamResponses.forClient(request, head, wanted, this::replaceAnswer);
        } catch (IllegalArgumentException e) {
            // A response filter (or the origin) left a header no wire may carry.
            failInternally("response head for the client is not valid HTTP", e, UpstreamLease.judge(upstreamStatus));
            return;
        }
        if (built == null) {
            return; // a response filter replaced the answer
        }
        keepAlive = built.keepAlive();
        become(ProxyState.RELAYING);
        client.sendHead(built.head());
        if (bodyPlan.buffersResponse()) {
            // The body is withheld for the filters, so nothing else pushes the head out soon: the
            // client learns the status now, and an overflow later aborts after it (see
            // docs/behaviour/body-access.md#access-and-delivery-modes).
            client.flush();
        }
        continueResponse();
    }

    /** A 101: the start of a tunnel, refused by a filter, or 502 (see docs/behaviour/websocket.md#the-101). */
    private void switchProtocols(HttpResponse head) {
        switch (UpgradeSwitch.of(head, request)) {
            case UpgradeSwitch.Unusable unusable -> abandon(502, unusable.reason()); // logged and counted
            case UpgradeSwitch.Replaced replaced -> replaceAnswer(replaced.replacement());
            case UpgradeSwitch.Invalid invalid -> failInternally("101 head for the client is not valid HTTP",
                    invalid.cause(), UpstreamLease.judge(upstreamStatus));
            case UpgradeSwitch.Accepted accepted -> {
                become(ProxyState.RELAYING); // the tunnel holds the cluster slot until it ends (onDownstreamClosed)
                client.switchProtocols(accepted.switching(), stream);
            }
        }
    }

    /** A response filter refused the origin's answer: its body (or switched connection) goes with the connection. */
    private void replaceAnswer(LocalResponse replacement) {
        endAndAbort(UpstreamLease.judge(upstreamStatus));
        client.replace(replacement);
    }

    @Override
    public void onResponseContent(HttpContent content) {
        if (state == ProxyState.ENDED) {
            content.release();
            return;
        }
        HttpContent[] out = response.accept(content);
        if (out == null) {
            abandon(502, response.refusal());
            return;
        }
        for (HttpContent piece : out) {
            if (piece instanceof LastHttpContent last) {
                completeResponse(last);
                return;
            }
            client.sendBody(piece);
        }
        continueResponse();
    }

    /** The origin's last piece: the exchange ends and the upstream connection is pooled if it can be. */
    private void completeResponse(LastHttpContent last) {
        Trailers.strip(last);
        end(UpstreamLease.judge(upstreamStatus));
        if (upstreamReusable && body.forwarded()) {
            stream.release();
        } else {
            stream.abort(); // close-delimited, "Connection: close", or request not fully sent
        }
        client.sendEnd(last, keepAlive);
    }

    private void continueResponse() {
        if (client.writable()) {
            stream.read();
        } else {
            become(ProxyState.PAUSED); // resumed by onDownstreamWritable
            client.flush();
            response.clientBehind(this::sendTimedOut);
        }
    }

    /** The client read nothing for the send timeout: cut, or it would hold the connection and slot; the origin is not blamed. */
    private void sendTimedOut() {
        if (state != ProxyState.PAUSED) {
            return;
        }
        metrics.sendTimeout();
        log.debug("request {}: the client read none of the response for {} ms; closing both connections",
                request.requestId(), request.listener().sendTimeoutMs());
        endAndAbort(UpstreamLease.judge(upstreamStatus));
        client.abort();
    }

    @Override
    public void onReadComplete() {
        if (state != ProxyState.ENDED) {
            client.flush();
        }
    }

    public void onDownstreamWritable() {
        if (state == ProxyState.PAUSED) {
            become(ProxyState.RELAYING);
            response.clientCaughtUp();
            stream.read();
        }
    }

    // ---- failures ----

    @Override
    public void onFailure(UpstreamFailure failure) {
        metrics.upstreamFailure(failure);
        if (state == ProxyState.ENDED) {
            return;
        }
        ClientSpan.failed(attemptSpan, failure.name());
        if (canRetryStale(failure)) {
            // A pooled connection the origin had already closed: the request most likely never
            // reached it, and the endpoint is not to blame.
            log.debug("request {}: reused upstream connection failed ({}); retrying on a new one",
                    request.requestId(), failure);
            plan.retryStale();
            resetAttempt();
            attempt(true);
            return;
        }
        if (state == ProxyState.SENDING) { // no head yet: nothing reached the client, so the request may go again
            plan.lease().endAttempt(AttemptOutcome.FAILURE);
            resetAttempt();
            if (tryAgain(failure)) {
                return;
            }
        }
        end(AttemptOutcome.FAILURE);
        log.debug("request {}: upstream failed: {}", request.requestId(), failure);
        client.fail(failure.status(), failure.reason());
    }

    /** A failover status: when an entry is left, the answer is dropped with its connection and the next one asked. */
    private boolean failOverAnswer(int status) {
        UpstreamTarget next = plan.nextAfterStatus(status);
        if (next == null) {
            return false; // not a failover status, or no entry left: this answer is relayed
        }
        dropAnswer(status);
        moveTo(next);
        return true;
    }

    /** The answer is dropped, unread, with its connection, so that the request can go again. */
    private void dropAnswer(int status) {
        plan.lease().endAttempt(UpstreamLease.judge(status));
        stream.abort();
        upstreamStatus = 0;
        resetAttempt();
    }

    /** Only before the origin's head: after it, the answer may already be under way to the client. */
    private boolean canRetryStale(UpstreamFailure failure) {
        return state == ProxyState.SENDING && (stream.reused() || failure.unprocessed())
                && plan.retries().mayRetryStale(failure, body.replayable());
    }

    /** Forgets the failed stream; the client's body waits in {@link RequestPieces} until the next one exists. */
    private void resetAttempt() {
        stream = null;
        body.detach();
        become(ProxyState.CONNECTING);
    }

    /** The client left (or the exchange broke): close the upstream side and give everything back. */
    public void onDownstreamClosed() {
        if (state != ProxyState.ENDED) {
            endAndAbort(UpstreamLease.judge(upstreamStatus));
        }
    }

    @Override
    public boolean live(UpstreamStream s) {
        return state != ProxyState.ENDED && stream == s;
    }

    /** Response body bytes received from the origin so far. */
    public long responseBytes() {
        return response.bytes();
    }

    /** The request deadline passed before the response head: the upstream is closed (never pooled), the client answered. */
    public void onDeadline(int status, String reason) {
        abandon(status, reason);
    }

    /** Ends the exchange early (once): the upstream is closed, the client gets {@code status} or an abort. */
    @Override
    public void abandon(int status, String reason) {
        if (state == ProxyState.ENDED) {
            return;
        }
        endAndAbort(UpstreamLease.judge(upstreamStatus));
        client.fail(status, reason);
    }

    /** Ends the exchange with 500: the gateway (a filter) is at fault, so it is logged and counted as such. */
    private void failInternally(String what, IllegalArgumentException cause, AttemptOutcome outcome) {
        log.error("request {}: {}: {}", request.requestId(), what, cause.getMessage());
        metrics.internalError();
        endAndAbort(outcome);
        client.fail(EdgeError.INTERNAL.status(), EdgeError.INTERNAL.reason());
    }

    /** Ends the exchange and closes its upstream connection, if any: one cut short is never pooled. */
    private void endAndAbort(AttemptOutcome outcome) {
        end(outcome);
        if (stream != null) {
            stream.abort();
        }
    }

    /** Marks the exchange over and gives back the slot, the in-flight count and the replay copy, once. */
    private void end(AttemptOutcome outcome) {
        become(ProxyState.ENDED);
        body.close();
        response.close();
        plan.close(outcome);
        ClientSpan.end(attemptSpan);
    }
}
