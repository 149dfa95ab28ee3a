package io.jpraxis.http.exchange;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.generation.Generation;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.BodyPlan;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.IngressPolicy;
import io.jpraxis.core.pipeline.PipelineExecution;
import io.jpraxis.core.pipeline.RequestOutcome;
import io.jpraxis.core.pipeline.ResponseOutcome;
import io.jpraxis.http.error.EdgeError;
import io.jpraxis.http.error.ErrorResponses;
import io.jpraxis.http.support.HttpDate;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request and its response on a client connection: ingress checks, the pipeline's request
 * phase, then either a local response or a {@link ProxyExchange}; every response passes the
 * pipeline's response phase first. When the pipeline buffers request bodies, the whole body is
 * read and given to the body filters first ({@link RequestPreRead}), then sent upstream as read.
 * Otherwise a small body with a declared length is read whole after the request phase chose the
 * upstream and before one is taken ({@link RequestPreRead#smallBodyLength}); other bodies stream.
 * Confined to the connection's event loop.
 */
public final class Exchange implements RequestPreRead.Owner {
    private static final Logger log = LoggerFactory.getLogger(Exchange.class);

    private final Downstream downstream;
    private final ListenerContext listener;
    private final HttpRequest request;
    private final boolean bodyExpected;
    private final PendingBody pendingBody = new PendingBody();
    private final ExchangeRecord record = new ExchangeRecord();
    private String requestId;
    /** The config generation this exchange runs on from its first filter to its last hook; held until {@link #end}. */
    private Generation generation;
    private RequestContext ctx;
    private PipelineExecution execution;
    private ProxyExchange proxy;
    private RequestDeadline deadline;
    private RequestPreRead preRead;
    private boolean requestReceived;
    private boolean responseStarted;
    private boolean finished;
    private boolean forceClose;

    public Exchange(Downstream downstream, ListenerContext listener, HttpRequest request) {
        this.downstream = downstream;
        this.listener = listener;
        this.request = request;
        // A head the decoder refused may carry the unparseable Content-Length it was refused for.
        this.bodyExpected = request.decoderResult().isSuccess()
                && (HttpUtil.isTransferEncodingChunked(request) || HttpUtil.getContentLength(request, 0L) > 0);
    }

    /** Runs ingress checks and the request phase; the outcome may arrive later, on this loop. */
    public void start() {
        listener.metrics().request();
        requestId = listener.services().ids().next();
        EdgeError broken = RequestChecks.decoderFailure(request);
        if (broken != null) {
            listener.metrics().malformedRequest();
            forceClose = true;
            respondLocal(ErrorResponses.of(broken, requestId), true);
            return;
        }
        if (!bodyExpected) {
            // Without a body the head is the whole request; the decoder's empty LastHttpContent
            // follows as a formality and is collected right away.
            requestReceived = true;
            downstream.requestRead();
        }
        RequestHead.Admitted head;
        switch (RequestHead.of(request)) {
            case RequestHead.Admitted admitted -> head = admitted;
            case RequestHead.Refused refused -> {
                listener.metrics().malformedRequest();
                forceClose = refused.closes();
                respondLocal(refused.reason() == null ? ErrorResponses.of(refused.error(), requestId)
                        : ErrorResponses.json(refused.error().status(), refused.reason(), requestId), true);
                return;
            }
        }
        HeaderMap headers = head.headers();
        // Read the serving generation once: a reload from here on does not change this request's pipeline.
        generation = listener.generations().acquire();
        CompiledPipeline pipeline = generation.pipeline(listener.listener());
        Optional<RequestOutcome.Reject> refused = IngressPolicy.admit(headers, pipeline);
        ctx = new RequestContext(listener.listener(), request.method().name(), head.path(), head.query(),
                "http", downstream.clientAddress(), headers, requestId, listener.services().clock().instant());
        // Sub-requests (the iterative request router's steps) run and complete on this request's loop.
        ctx.subRequests(listener.subRequests().forLoop(downstream.eventLoop()));
        execution = pipeline.begin(ctx);
        if (refused.isPresent()) {
            respondLocal(ErrorResponses.json(refused.get().status(), refused.get().reason(), requestId), true);
            return;
        }
        if (execution.bodyPlan().preReads() && bodyExpected) {
            startPreRead(execution.bodyPlan());
            return;
        }
        runRequestPhase();
    }

    /** Spec 4.4: a buffering pipeline reads the whole body before its request phase. */
    private void startPreRead(BodyPlan plan) {
        long limit = plan.requestLimit();
        if (HttpUtil.getContentLength(request, -1L) > limit) {
            // Refused before reading; the unread body makes the connection close.
            listener.metrics().requestBodyLimitHit();
            respondLocal(ErrorResponses.of(EdgeError.REQUEST_BODY_TOO_LARGE, requestId()), true);
            return;
        }
        preRead = new RequestPreRead(this, this, limit, true);
        preRead.start();
    }

    /** Connects the exchange, after reading a small body whole: until then it holds nothing upstream. */
    private void connectOnceSmallBodyRead() {
        long small = requestReceived ? -1 : RequestPreRead.smallBodyLength(request); // a pre-read body was received
        if (small < 0) {
            proxy.connect();
            return;
        }
        preRead = new RequestPreRead(this, this, small, false);
        preRead.start(); // bodyReady connects, or bodyFailed answers 408 or 400 with nothing upstream taken
    }

    @Override
    public void bodyReady(ByteBuf body) {
        preRead = null;
        pendingBody.addWhole(body, proxy == null); // relayed once the upstream exists
        if (proxy != null) { // a small body, read after the request phase: it goes with the client's exact length
            try {
                proxy.connect();
            } catch (RuntimeException e) {
                exchangeFailed(e);
            }
            return;
        }
        runRequestPhase();
    }

    @Override
    public void bodyStopped(RequestOutcome outcome) {
        preRead = null;
        onOutcome(outcome, null);
    }

    @Override
    public void bodyFailed(EdgeError error) {
        preRead = null;
        if (proxy != null) {
            proxy.onDownstreamClosed(); // a small body's read failed: gives back the lease, nothing was taken upstream
        }
        if (error == EdgeError.INTERNAL) {
            listener.metrics().internalError();
        }
        forceClose = true; // the rest of the body may be unread
        respondLocal(ErrorResponses.of(error, requestId()), true);
    }

    /**
     * Answers without running the pipeline: the connection is over the listener's or the process's
     * connection cap (spec 1.3: 503 with {@code Retry-After: 1}), and closes afterwards.
     */
    public void refuseOverCapacity() {
        listener.metrics().request();
        requestId = listener.services().ids().next();
        forceClose = true;
        LocalResponse refusal = ErrorResponses.of(EdgeError.OVER_CAPACITY, requestId);
        refusal.headers().set("retry-after", "1");
        respondLocal(refusal, true);
    }

    private void runRequestPhase() {
        CompletionStage<RequestOutcome> stage;
        try {
            stage = execution.runRequest();
        } catch (RuntimeException e) {
            log.error("request phase failed for request {}", requestId(), e);
            listener.metrics().internalError();
            respondLocal(ErrorResponses.of(EdgeError.INTERNAL, requestId()), true);
            return;
        }
        EventLoop loop = downstream.eventLoop();
        stage.whenComplete((outcome, error) -> {
            // An asynchronous filter may complete on another thread: hop back before touching the channel.
            if (loop.inEventLoop()) {
                onOutcome(outcome, error);
            } else {
                loop.execute(() -> onOutcome(outcome, error));
            }
        });
    }

    private void onOutcome(RequestOutcome outcome, Throwable error) {
        if (finished) {
            return; // the client went away while the pipeline ran
        }
        try {
            if (error != null) {
                log.error("request phase failed for request {}", requestId(), error);
                listener.metrics().internalError();
                respondLocal(ErrorResponses.of(EdgeError.INTERNAL, requestId()), true);
                return;
            }
            switch (outcome) {
                case RequestOutcome.Forward forward -> {
                    useRewrittenBody();
                    proxy = new ProxyExchange(this, forward.target());
                    listener.metrics().upstreamExchangeStarted();
                    deadline = RequestDeadline.arm(downstream.eventLoop(), listener.services().clock(), ctx.deadline(),
                            this::deadlineExpired);
                    if (proxy.admitsDeclaredBody()) {
                        connectOnceSmallBodyRead();
                    }
                }
                case RequestOutcome.Respond respond -> respondLocal(respond.response(), false);
                case RequestOutcome.Reject reject ->
                        respondLocal(ErrorResponses.json(reject.status(), reject.reason(), requestId()), true);
                // Decision 3: nothing selected is the gateway's fault, 500 naming the reason.
                case RequestOutcome.NoUpstream none -> respondLocal(ErrorResponses.json(500, none.reason(), requestId()), true);
            }
        } catch (RuntimeException e) {
            exchangeFailed(e);
        }
    }

    /** A gateway bug while starting the exchange: logged, counted, answered 500 (or cut). */
    private void exchangeFailed(RuntimeException e) {
        log.error("exchange failed for request {}", requestId(), e);
        listener.metrics().internalError();
        if (proxy != null) {
            proxy.onDownstreamClosed(); // gives back the upstream side and the cluster slot
        }
        if (!finished) {
            failResponse(EdgeError.INTERNAL.status(), EdgeError.INTERNAL.reason());
        }
    }

    /**
     * Spec 6.7: a bound-upstream participant's rewrite replaces the pre-read body (only a body that
     * was read whole can be; its length then frames the upstream request, chunked clients included).
     */
    private void useRewrittenBody() {
        ByteBuffer rewritten = execution.rewrittenRequestBody();
        if (rewritten != null) {
            pendingBody.replacePreRead(rewritten);
        }
    }

    // ---- events from the connection ----

    /** A request body piece (the last one included); ownership passes to the exchange. */
    public void onRequestContent(HttpContent content) {
        if (finished) {
            content.release();
            return;
        }
        if (content.decoderResult().isFailure()) {
            // The decoder reads nothing more from this connection after a broken body framing.
            forceClose = true;
        }
        boolean last = content instanceof LastHttpContent;
        record.requestBody(content.content().readableBytes());
        if (last) {
            requestReceived = true;
        }
        if (preRead != null) {
            preRead.onContent(content); // may end the pre-read and start the request phase
        } else if (proxy != null && proxy.connected()) {
            proxy.onRequestContent(content);
        } else {
            pendingBody.add(content);
        }
        if (last) {
            // Read ahead: takes the next pipelined head (held by the connection) or notices the client leaving.
            downstream.requestRead();
        }
    }

    public void onDownstreamWritable() {
        if (proxy != null) {
            proxy.onDownstreamWritable();
        }
    }

    /** The client connection closed: abandon whatever is in flight. */
    public void onDownstreamClosed() {
        boolean cutShort = !finished;
        if (cutShort) {
            finished = true;
            listener.metrics().clientAbort();
            log.debug("client closed the connection during request {}", requestId());
        }
        if (proxy != null) {
            proxy.onDownstreamClosed();
        }
        dropBody();
        if (cutShort) {
            end(false);
        }
    }

    /** Whether the client has sent the whole request body. */
    public boolean requestReceived() {
        return requestReceived;
    }

    /** The effective request id: the client's when a {@code request_id} filter adopted it. */
    public String requestId() {
        return ctx != null ? ctx.requestId() : requestId;
    }

    // ---- responses ----

    /** Sends a local response after the response phase; {@code error} responses carry the request id. */
    void respondLocal(LocalResponse response, boolean error) {
        ResponseHead head = LocalResponses.headOf(response);
        byte[] body = response.body();
        if (execution != null) {
            switch (execution.runResponse(head)) {
                case ResponseOutcome.Proceed proceed -> {
                }
                case ResponseOutcome.Replace replace -> {
                    head = LocalResponses.headOf(replace.response());
                    body = replace.response().body();
                    error = replace.response().status() >= 400;
                }
            }
        }
        if (error && !head.headers().contains(ErrorResponses.REQUEST_ID_HEADER)) {
            head.headers().set(ErrorResponses.REQUEST_ID_HEADER, requestId());
        }
        boolean keepAlive = keepAliveWanted() && requestReceived;
        FullHttpResponse wire = LocalResponses.render(head, body, request, keepAlive, requestId(), listener.metrics());
        if (!wire.headers().contains(HttpHeaderNames.DATE)) {
            // The gateway is the origin of this response (RFC 9110 6.6.1).
            wire.headers().set(HttpHeaderNames.DATE, HttpDate.format(listener.services().clock().millis()));
        }
        listener.metrics().localResponse();
        record.status(wire.status().code());
        record.localBody(wire.content().readableBytes());
        responseStarted = true;
        finish();
        downstream.complete(wire, keepAlive);
        end(true);
    }

    /** A JSON error if no response head went out yet, else an abort (RFC 9112 has no way to fail midway). */
    void failResponse(int status, String reason) {
        if (responseStarted) {
            abortDownstream();
        } else {
            respondLocal(ErrorResponses.json(status, reason, requestId()), true);
        }
    }

    void writeResponseHead(HttpResponse head) {
        record.status(head.status().code());
        responseStarted = true;
        downstream.write(head);
    }

    void completeResponse(LastHttpContent last, boolean keepAlive) {
        finish();
        downstream.complete(last, keepAlive && requestReceived);
        end(true);
    }

    void abortDownstream() {
        finish();
        downstream.abort();
        end(false);
    }

    /** Whether the connection may serve another request, as far as the client and the gateway go. */
    boolean keepAliveWanted() {
        return !forceClose && HttpUtil.isKeepAlive(request) && !downstream.draining();
    }

    private void finish() {
        finished = true;
        dropBody();
    }

    /** Frees whatever of the request body the exchange still holds. */
    private void dropBody() {
        if (preRead != null) {
            preRead.close();
            preRead = null;
        }
        pendingBody.release();
    }

    /**
     * The exchange is over, however it ended: counted and timed, then handed to the filters that
     * ran ({@code onLog}). Runs once; called after the last write so accounting never delays it.
     */
    private void end(boolean completed) {
        if (!record.end()) {
            return;
        }
        if (deadline != null) {
            deadline.cancel();
        }
        if (proxy != null) {
            listener.metrics().upstreamExchangeEnded();
        }
        ExchangeSummary summary = record.summary(proxy == null ? 0 : proxy.responseBytes(), completed);
        listener.requestMetrics().record(listener.listener(), ctx, summary.status(), summary.durationNanos());
        try {
            if (execution != null) {
                execution.runLog(summary);
            }
        } finally {
            if (generation != null) {
                generation.release(); // the last request of a replaced generation closes it
            }
        }
    }

    private void deadlineExpired() {
        if (finished || responseStarted) {
            return; // the head made it in time; a slow body is the read timeout's business
        }
        listener.metrics().deadlineExceeded();
        log.debug("request {}: deadline passed before the response head; cancelling the upstream", requestId());
        proxy.onDeadline(EdgeError.DEADLINE_EXCEEDED.status(), EdgeError.DEADLINE_EXCEEDED.reason());
    }

    // ---- state for ProxyExchange ----

    HttpRequest request() {
        return request;
    }

    RequestContext context() {
        return ctx;
    }

    PipelineExecution execution() {
        return execution;
    }

    Downstream downstream() {
        return downstream;
    }

    ListenerContext listener() {
        return listener;
    }

    /** The exact length of the pre-read body sent upstream, or null when the body streams. */
    Long bufferedBodyLength() {
        return pendingBody.exactLength();
    }

    boolean responseStarted() {
        return responseStarted;
    }

    boolean finished() {
        return finished;
    }

    HttpContent pollPendingBody() {
        return pendingBody.poll();
    }
}
