package io.jpraxis.http.subrequest;

import io.jpraxis.core.subrequest.SubRequest;
import io.jpraxis.core.subrequest.SubResponse;
import io.jpraxis.core.subrequest.TransportError;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.upstream.UpstreamConnector;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.jpraxis.http.upstream.UpstreamLease;
import io.jpraxis.http.upstream.UpstreamLease.AttemptOutcome;
import io.jpraxis.http.upstream.UpstreamStream;
import io.jpraxis.http.upstream.UpstreamStreamListener;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One sub-request on its event loop: takes a cluster slot, borrows a connection from the proxy's
 * pool, sends the head and the whole body, buffers the whole response, and completes once with a
 * {@link SubResponse}. A connection goes back to the pool only after a complete keep-alive
 * response; every other end (deadline, limit, failure) closes it, since its answer may still be
 * on the way. Like the proxy, it retries once on a fresh connection when a pooled one turns out
 * stale before answering an idempotent request.
 */
final class SubRequestCall implements UpstreamConnector.AcquireCallback, UpstreamStreamListener {
    private static final Logger log = LoggerFactory.getLogger(SubRequestCall.class);

    private final SubRequest request;
    private final UpstreamTarget target;
    private final EventLoop loop;
    private final UpstreamConnector connector;
    private final EdgeMetrics metrics;
    private final UpstreamLease lease;
    private final CompletableFuture<SubResponse> result;
    private final long maxBytes;
    private HttpRequest head;
    private UpstreamStream stream;
    private ScheduledFuture<?> deadlineTimer;
    private HttpResponse responseHead;
    private ResponseBodyBuffer body;
    private boolean reusable;
    private boolean staleRetried;
    private boolean done;

    SubRequestCall(SubRequest request, EventLoop loop, UpstreamConnector connector, EdgeMetrics metrics,
            CompletableFuture<SubResponse> result) {
        this.request = request;
        this.target = request.target();
        this.loop = loop;
        this.connector = connector;
        this.metrics = metrics;
        this.lease = new UpstreamLease(target.clusterState());
        this.result = result;
        this.maxBytes = Math.min(request.maxResponseBytes(), ResponseBodyBuffer.MAX_ARRAY);
    }

    /** Starts the call; on the loop. {@code remainingNanos} is what is left until the deadline. */
    void start(long remainingNanos) {
        if (remainingNanos <= 0) {
            finish(new SubResponse.Failed(TransportError.DEADLINE_EXCEEDED, "deadline passed before the sub-request started"));
            return;
        }
        try {
            head = SubRequestHeads.build(request);
        } catch (IllegalArgumentException e) {
            // A filter built a request no wire may carry: its bug, not a transport failure.
            done = true;
            result.completeExceptionally(e);
            return;
        }
        if (!lease.takeSlot()) {
            // max_connections caps the requests in flight to a cluster, sub-requests included (see
            // docs/behaviour/clusters.md#cluster-settings).
            metrics.clusterCapacityRefusal();
            finish(new SubResponse.Failed(TransportError.ADMISSION_TIMEOUT,
                    "cluster " + target.cluster().name() + " at max_connections"));
            return;
        }
        deadlineTimer = loop.schedule(this::onDeadline, remainingNanos, TimeUnit.NANOSECONDS);
        attempt(false);
    }

    private void attempt(boolean fresh) {
        lease.beginAttempt(target.endpointState());
        connector.acquire(target, loop, fresh, this);
    }

    // ---- acquisition ----

    @Override
    public void onAcquired(UpstreamStream acquired) {
        if (done) {
            acquired.abort(); // the deadline passed while we connected
            return;
        }
        stream = acquired;
        acquired.bind(this);
        acquired.write(head);
        acquired.write(new DefaultLastHttpContent(Unpooled.wrappedBuffer(request.body())));
        if (done || stream != acquired) {
            return; // the write failed on the way, and that failure has been handled
        }
        acquired.flush();
        acquired.requestSent();
        acquired.read();
    }

    @Override
    public void onAcquireFailed(UpstreamFailure failure) {
        metrics.upstreamFailure(failure);
        if (done) {
            return;
        }
        lease.close(AttemptOutcome.FAILURE);
        finish(new SubResponse.Failed(kindOf(failure), detail(failure)));
    }

    // ---- response ----

    @Override
    public void onResponseHead(HttpResponse received) {
        if (done) {
            return;
        }
        responseHead = received;
        reusable = HttpUtil.isKeepAlive(received);
        long declared = HttpUtil.getContentLength(received, -1L);
        boolean bodiless = request.method().equals("HEAD");
        if (!bodiless && declared > maxBytes) {
            tooLarge(declared);
            return;
        }
        body = new ResponseBodyBuffer(bodiless ? 0 : declared);
        stream.read();
    }

    @Override
    public void onResponseContent(HttpContent content) {
        if (done) {
            content.release();
            return;
        }
        if ((long) body.size() + content.content().readableBytes() > maxBytes) {
            content.release();
            tooLarge((long) body.size() + content.content().readableBytes());
            return;
        }
        try {
            body.append(content.content());
        } finally {
            content.release();
        }
        if (!(content instanceof LastHttpContent)) {
            stream.read();
            return;
        }
        int status = responseHead.status().code();
        lease.close(UpstreamLease.judge(status));
        if (reusable) {
            stream.release(); // pooled unless the pool is full or the origin already closed it
        } else {
            stream.abort();
        }
        finish(new SubResponse.Received(status, SubRequestHeads.responseHeaders(responseHead), body.toArray()));
    }

    private void tooLarge(long bytes) {
        metrics.responseBodyLimitHit();
        // The rest of the body would still arrive on this connection: it can never be reused.
        abandon(TransportError.RESPONSE_TOO_LARGE,
                "response body of at least " + bytes + " bytes over the limit of " + request.maxResponseBytes());
    }

    @Override
    public void onReadComplete() {
        // Nothing to flush: the response is buffered, not relayed.
    }

    @Override
    public void onWritable() {
        // The whole request is queued at once; the connection's write timeout bounds a stalled origin.
    }

    // ---- failures ----

    @Override
    public void onFailure(UpstreamFailure failure) {
        metrics.upstreamFailure(failure);
        if (done) {
            return;
        }
        if (mayRetryStale(failure)) {
            log.debug("sub-request to {}: reused upstream connection failed ({}); retrying on a new one",
                    target.endpoint().address(), failure);
            metrics.upstreamRetry();
            staleRetried = true;
            lease.endAttempt(AttemptOutcome.NOT_JUDGED);
            stream = null;
            attempt(true);
            return;
        }
        lease.close(AttemptOutcome.FAILURE);
        finish(new SubResponse.Failed(kindOf(failure), detail(failure)));
    }

    /** A pooled connection the origin had closed: the request most likely never reached it (as for the proxy). */
    private boolean mayRetryStale(UpstreamFailure failure) {
        return !staleRetried && stream != null && stream.reused() && responseHead == null
                && (failure == UpstreamFailure.RESET || failure == UpstreamFailure.PREMATURE_CLOSE)
                && (idempotent(request.method()) || target.cluster().retryPolicy().allowNonIdempotent());
    }

    private void onDeadline() {
        if (!done) {
            abandon(TransportError.DEADLINE_EXCEEDED, "no complete response within the sub-request deadline");
        }
    }

    /** Ends the call early: the connection is closed, never pooled, and the call fails with {@code kind}. */
    private void abandon(TransportError kind, String detail) {
        lease.close(responseHead == null ? AttemptOutcome.NOT_JUDGED : UpstreamLease.judge(responseHead.status().code()));
        if (stream != null) {
            stream.abort();
        }
        finish(new SubResponse.Failed(kind, detail));
    }

    private void finish(SubResponse response) {
        done = true;
        body = null;
        if (deadlineTimer != null) {
            deadlineTimer.cancel(false);
        }
        if (response instanceof SubResponse.Failed failed) {
            log.debug("sub-request {} {} to {} failed: {} ({})", request.method(), request.pathAndQuery(),
                    target.endpoint().address(), failed.kind().configName(), failed.detail());
        }
        result.complete(response);
    }

    private String detail(UpstreamFailure failure) {
        String detail = failure.reason() + " (" + target.endpoint().address() + ", cluster " + target.cluster().name() + ")";
        return failure == UpstreamFailure.PRIVATE_ADDRESS_REFUSED
                ? detail + "; set insecure_options.allow_private_upstreams to allow it" : detail;
    }

    /**
     * The transport kind (see docs/behaviour/iterative-router.md#steps-and-transitions) of an
     * upstream failure.
     */
    static TransportError kindOf(UpstreamFailure failure) {
        return switch (failure) {
            case CONNECT_REFUSED, CONNECT_TIMEOUT, CONNECT_FAILED, PRIVATE_ADDRESS_REFUSED, TLS_HANDSHAKE_FAILED,
                    H2_NOT_NEGOTIATED -> TransportError.CONNECT;
            case RESET, READ_TIMEOUT, WRITE_TIMEOUT, PREMATURE_CLOSE, PROTOCOL_ERROR, REFUSED_STREAM -> TransportError.IO;
        };
    }

    private static boolean idempotent(String method) {
        return switch (method) {
            case "GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE" -> true;
            default -> false;
        };
    }
}
