package io.jpraxis.http.exchange;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.generation.Generation;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.pipeline.BodyPlan;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.execute.IngressPolicy;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.core.pipeline.execute.RequestOutcome;
import io.jpraxis.http.error.EdgeError;
import io.jpraxis.http.error.ErrorResponses;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
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
 * Every body piece it holds is in one {@link RequestPieces}. Its life is {@link ExchangeState};
 * the upstream side reaches it only through {@link ClientSide} ({@link ExchangeClient}, which also
 * writes every response head and body). Confined to the connection's event loop.
 */
public final class Exchange {
    private static final Logger log = LoggerFactory.getLogger(Exchange.class);

    private final Downstream downstream;
    private final ListenerContext listener;
    private final HttpRequest request;
    private final boolean bodyExpected;
    private final RequestPieces pieces = new RequestPieces();
    private final ExchangeRecord record = new ExchangeRecord();
    private final ExchangeClient client;
    private final PreReadOwner preReadOwner = new PreReadOwner();
    private String requestId;
    /** The config generation this exchange runs on from its first filter to its last hook; held until {@link #end}. */
    private Generation generation;
    private RequestContext ctx;
    private PipelineExecution execution;
    /** The request as the pre-read and the upstream side see it, once the pipeline began. */
    private RequestInputs inputs;
    private UpstreamSide proxy;
    private final ClientEncoding encoding = new ClientEncoding();
    private RequestDeadline deadline;
    private RequestPreRead preRead;
    /** The body of a streamed local answer while it is relayed (see docs/behaviour/iterative-router.md#streamed-answers). */
    private StreamedLocalAnswer streamed;
    private ExchangeState state = ExchangeState.ADMITTING;
    // Beside the life (see ExchangeState): request read, must close.
    private boolean requestReceived;
    private boolean forceClose;
    private final boolean upgrade; // offers WebSocket: nothing is read past it; no tunnel means the connection closes

    public Exchange(Downstream downstream, ListenerContext listener, HttpRequest request) {
        this.downstream = downstream;
        this.listener = listener;
        this.request = request;
        this.client = new ExchangeClient(this, downstream, listener, request, encoding, record,
                HttpUtil.is100ContinueExpected(request));
        this.upgrade = downstream.switchesProtocols() && UpgradeRequests.offersWebSocket(request);
        this.forceClose = upgrade;
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
            if (!upgrade) {
                downstream.requestRead();
            }
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
        // Read the serving generation once: a reload from here on does not change this request's pipeline.
        generation = listener.generations().acquire();
        CompiledPipeline pipeline = generation.pipeline(listener.listener());
        Optional<RequestOutcome.Reject> refused = IngressPolicy.admit(head.headers(), pipeline);
        ctx = EdgeRequestContexts.create(listener, downstream, request, head, requestId);
        execution = PipelineExecution.begin(pipeline, ctx);
        inputs = new RequestInputs(listener, downstream.eventLoop(), request, ctx, execution, pieces, upgrade);
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

    /**
     * A buffering pipeline reads the whole body before its request phase (see
     * docs/behaviour/body-access.md#access-and-delivery-modes).
     */
    private void startPreRead(BodyPlan plan) {
        become(ExchangeState.READING_BODY);
        preRead = new RequestPreRead(inputs, client, preReadOwner, plan.requestLimit(), true);
        preRead.start();
    }

    /** Connects the exchange, after reading a small body whole: until then it holds nothing upstream. */
    private void connectOnceSmallBodyRead() {
        long small = requestReceived ? -1 : proxy.wholeBodyBound(request); // a pre-read body was received
        if (small < 0) {
            proxy.connect();
            return;
        }
        preRead = new RequestPreRead(inputs, client, preReadOwner, small, false);
        preRead.start(); // bodyReady connects, or bodyFailed answers 408 or 400 with nothing upstream taken
    }

    /**
     * Answers without running the pipeline: the connection is over the listener's or the process's
     * connection cap (503 with {@code Retry-After: 1}; see
     * docs/behaviour/http-edge.md#connection-caps-and-keep-alive), and closes afterwards.
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
        become(ExchangeState.FILTERING);
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
        if (state == ExchangeState.ENDED) {
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
                    inputs.useRewrittenBody();
                    become(ExchangeState.PROXYING);
                    proxy = HedgedExchange.orProxy(client, inputs, forward.target());
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
                // Nothing selected is the gateway's fault, 500 naming the reason (see
                // docs/behaviour/request-lifecycle.md#no-endpoint-selected).
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
        if (state != ExchangeState.ENDED) {
            failResponse(EdgeError.INTERNAL.status(), EdgeError.INTERNAL.reason());
        }
    }

    // ---- events from the connection ----

    /** A request body piece (the last one included); ownership passes to the exchange. */
    public void onRequestContent(HttpContent content) {
        if (state == ExchangeState.ENDED) {
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
        } else if (proxy != null) {
            proxy.onRequestContent(content); // relayed, or held until a connection exists
        } else {
            pieces.add(content);
        }
        if (last && !upgrade) {
            // Read ahead: takes the next pipelined head (held by the connection) or notices the client leaving.
            downstream.requestRead();
        }
    }

    public void onDownstreamWritable() {
        if (streamed != null) {
            streamed.onWritable();
        }
        if (proxy != null) {
            proxy.onDownstreamWritable();
        }
    }

    /** The client connection closed: abandon whatever is in flight. */
    public void onDownstreamClosed() {
        boolean cutShort = state != ExchangeState.ENDED;
        if (cutShort) {
            become(ExchangeState.ENDED);
            listener.metrics().clientAbort();
            log.debug("client closed the connection during request {}", requestId());
        }
        if (proxy != null) {
            proxy.onDownstreamClosed();
        }
        if (streamed != null) {
            streamed.onClientGone();
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
        if (response.streamed()) {
            client.respondStreamed(response, execution, keepAliveWanted() && requestReceived);
            return;
        }
        boolean keepAlive = keepAliveWanted() && requestReceived;
        FullHttpResponse wire = LocalResponses.wire(execution, response, error, requestId(), request, keepAlive,
                listener);
        record.status(wire.status().code());
        record.localBody(wire.content().readableBytes());
        finish();
        downstream.complete(wire, keepAlive);
        end(true);
    }

    /** A JSON error if no response head went out yet, else an abort (RFC 9112 has no way to fail midway). */
    void failResponse(int status, String reason) {
        if (state == ExchangeState.RESPONDING) {
            abortDownstream();
        } else {
            respondLocal(ErrorResponses.json(status, reason, requestId()), true);
        }
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

    ExchangeState state() {
        return state;
    }

    /** The request's context once the pipeline began, else null. */
    RequestContext context() {
        return ctx;
    }

    /** The upstream side, once the request phase forwarded. */
    UpstreamSide upstreamSide() {
        return proxy;
    }

    /** A streamed local answer's body is being relayed: client writability and its leaving reach it. */
    void streamedStarted(StreamedLocalAnswer answer) {
        streamed = answer;
    }

    void streamedOver() {
        streamed = null;
    }

    /** The one place the state changes (the transitions are in {@link ExchangeState}). */
    void become(ExchangeState next) {
        assert state.mayBecome(next) : state + " -> " + next;
        state = next;
    }

    void finish() {
        become(ExchangeState.ENDED);
        dropBody();
    }

    /** Frees whatever of the request body the exchange still holds. */
    private void dropBody() {
        if (preRead != null) {
            preRead.close();
            preRead = null;
        }
        pieces.release();
    }

    /**
     * The exchange is over, however it ended: counted and timed, then handed to the filters that
     * ran ({@code onLog}). Runs once; called after the last write so accounting never delays it.
     */
    void end(boolean completed) {
        if (!record.end()) {
            return;
        }
        encoding.abandon();
        if (deadline != null) {
            deadline.cancel();
        }
        if (proxy != null) {
            listener.metrics().upstreamExchangeEnded();
        }
        record.report(listener, ctx, execution, generation, proxy == null ? 0 : proxy.responseBytes(), completed);
    }

    private void deadlineExpired() {
        if (state != ExchangeState.PROXYING) {
            return; // the head made it in time; a slow body is the read timeout's business
        }
        listener.metrics().deadlineExceeded();
        log.debug("request {}: deadline passed before the response head; cancelling the upstream", requestId());
        proxy.onDeadline(EdgeError.DEADLINE_EXCEEDED.status(), EdgeError.DEADLINE_EXCEEDED.reason());
    }

    /** The exchange as its pre-read reaches it when the body was read, refused or failed. */
    private final class PreReadOwner implements RequestPreRead.Owner {
        @Override
        public void bodyReady(ByteBuf body) {
            preRead = null;
            pieces.addWhole(body, proxy == null); // relayed once the upstream exists
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
            become(ExchangeState.FILTERING); // the body hooks were the request phase's first step
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
    }
}
