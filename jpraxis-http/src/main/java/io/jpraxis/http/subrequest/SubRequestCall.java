package io.jpraxis.http.subrequest;

import io.jpraxis.core.subrequest.SubRequest;
import io.jpraxis.core.http.BodySink;
import io.jpraxis.core.http.BodyStream;
import io.jpraxis.core.subrequest.SubResponse;
import io.jpraxis.core.subrequest.SubStream;
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
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One sub-request on its event loop: takes a cluster slot, borrows a connection from the proxy's
 * pool, sends the head and the whole body, buffers the whole response, and completes once with a
 * {@link SubResponse}; or, streamed, completes with the head and hands the body on piece by piece
 * as its consumer pulls ({@link StreamedBody}; see docs/behaviour/iterative-router.md#streamed-answers). A connection goes back to the pool only after a complete keep-alive
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
    private final CompletableFuture<SubStream> opened;
    private final Runnable whenOver;
    private StreamedBody streamed;
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
        this(request, loop, connector, metrics, result, null, () -> { });
    }

    /**
     * A streamed call: {@code opened} completes with the head (or a failure before it); {@code
     * whenOver} runs once when the call lets go of its connection (body ended, failed or cancelled).
     */
    static SubRequestCall streamed(SubRequest request, EventLoop loop, UpstreamConnector connector, EdgeMetrics metrics,
            CompletableFuture<SubStream> opened, Runnable whenOver) {
        return new SubRequestCall(request, loop, connector, metrics, null, opened, whenOver);
    }

    private SubRequestCall(SubRequest request, EventLoop loop, UpstreamConnector connector, EdgeMetrics metrics,
            CompletableFuture<SubResponse> result, CompletableFuture<SubStream> opened, Runnable whenOver) {
        this.opened = opened;
        this.whenOver = whenOver;
        this.request = request;
        this.target = request.target();
        this.loop = loop;
        this.connector = connector;
        this.metrics = metrics;
        this.lease = new UpstreamLease(target.clusterState());
        this.result = result;
        // A streamed body is never held whole: its consumer caps it (max_stream_response_bytes).
        this.maxBytes = opened != null ? Long.MAX_VALUE : Math.min(request.maxResponseBytes(), ResponseBodyBuffer.MAX_ARRAY);
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
            if (opened != null) {
                opened.completeExceptionally(e);
                whenOver.run();
            } else {
                result.completeExceptionally(e);
            }
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
        if (opened != null) {
            streamed = new StreamedBody();
            // Nothing is read until the consumer pulls: its pace is the origin's.
            opened.complete(new SubStream.Opened(received.status().code(), SubRequestHeads.responseHeaders(received),
                    streamed));
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
        if (streamed != null) {
            streamed(content);
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

    /** A streamed body's piece: handed to a waiting pull, else held until the next one. */
    private void streamed(HttpContent content) {
        byte[] bytes;
        try {
            bytes = new byte[content.content().readableBytes()];
            content.content().getBytes(content.content().readerIndex(), bytes);
        } finally {
            content.release();
        }
        boolean last = content instanceof LastHttpContent;
        if (last) {
            lease.close(UpstreamLease.judge(responseHead.status().code()));
            if (reusable) {
                stream.release();
            } else {
                stream.abort();
            }
            over();
        }
        streamed.arrived(bytes, last);
    }

    /** The call holds nothing upstream any more; a streamed body may still hand on what it holds. */
    private void over() {
        done = true;
        if (deadlineTimer != null) {
            deadlineTimer.cancel(false);
        }
        whenOver.run();
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
        if (opened == null) {
            result.complete(response);
            return;
        }
        whenOver.run();
        SubResponse.Failed failed = (SubResponse.Failed) response; // a streamed call finishes here only failing
        if (streamed != null) {
            streamed.broke(failed.kind().configName() + ": " + failed.detail()); // after the head: the body is cut
        } else {
            opened.complete(failed);
        }
    }

    /**
     * A streamed response body: what one upstream read produced waits here for the consumer's
     * pulls, and the next read is asked for only when that is used up and a pull waits, so at
     * most one read's worth is ever held.
     */
    private final class StreamedBody implements BodyStream {
        private final ArrayDeque<byte[]> pending = new ArrayDeque<>(2);
        private BodySink waiting;
        private boolean ended;
        private String failure;
        private boolean cancelled;

        @Override
        public void pull(BodySink sink) {
            if (!loop.inEventLoop()) {
                loop.execute(() -> pull(sink));
                return;
            }
            if (cancelled) {
                return;
            }
            if (!pending.isEmpty()) {
                sink.piece(pending.poll());
            } else if (ended) {
                sink.end();
            } else if (failure != null) {
                sink.failed(failure);
            } else {
                waiting = sink;
                stream.read();
            }
        }

        void arrived(byte[] bytes, boolean last) {
            if (cancelled) {
                return;
            }
            if (bytes.length > 0) {
                pending.add(bytes);
            }
            ended = last;
            answerWaiting();
        }

        void broke(String detail) {
            if (!cancelled) {
                failure = detail;
                answerWaiting();
            }
        }

        private void answerWaiting() {
            BodySink sink = waiting;
            if (sink == null) {
                return;
            }
            if (!pending.isEmpty()) {
                waiting = null;
                sink.piece(pending.poll());
            } else if (ended || failure != null) {
                waiting = null;
                if (ended) {
                    sink.end();
                } else {
                    sink.failed(failure);
                }
            } else {
                stream.read(); // the read brought an empty piece: the pull still waits for bytes
            }
        }

        @Override
        public void cancel() {
            if (!loop.inEventLoop()) {
                loop.execute(this::cancel);
                return;
            }
            if (cancelled) {
                return;
            }
            cancelled = true;
            waiting = null;
            pending.clear();
            if (!done) {
                // The rest of the body would still arrive on this connection: it can never be reused.
                lease.close(UpstreamLease.judge(responseHead.status().code()));
                stream.abort();
                over();
            }
        }
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
