package io.jpraxis.extproc.stream;

import com.google.protobuf.ByteString;
import io.envoyproxy.envoy.service.ext_proc.v3.HeaderMutation;
import io.envoyproxy.envoy.service.ext_proc.v3.HttpBody;
import io.envoyproxy.envoy.service.ext_proc.v3.HttpHeaders;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingRequest;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingRequest.RequestCase;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingResponse;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.picker.EndpointSubset;
import io.jpraxis.core.pipeline.execute.ErrorEnvelopes;
import io.jpraxis.core.pipeline.execute.BodyVerdict;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.core.pipeline.execute.RequestOutcome;
import io.jpraxis.core.pipeline.execute.ResponseOutcome;
import io.jpraxis.extproc.stream.ExtProcMetrics.Phase;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@code Process} stream: the per-request state machine (see docs/behaviour/ext-proc.md#phases)
 * with the fixes the port makes (removals propagated, a reply per STREAMED piece, chunked
 * FULL_DUPLEX bodies), and picker mode (see docs/behaviour/ext-proc.md#picker-mode). It only
 * converts messages: the pipeline is the gateway's own.
 *
 * <p>All state is touched through one {@link SerialRunner}; a message that arrives while an
 * asynchronous filter holds the request phase waits in a backlog, so replies keep Envoy's order.
 */
public final class StreamProcessor implements StreamObserver<ProcessingRequest> {
    private static final Logger log = LoggerFactory.getLogger(StreamProcessor.class);
    static final String LISTENER = "extproc";

    private final StreamSettings settings;
    private final StreamObserver<ProcessingResponse> out;
    private final SerialRunner serial = new SerialRunner();
    private final ArrayDeque<ProcessingRequest> backlog = new ArrayDeque<>();
    private final StreamRecord record = new StreamRecord();
    private final RequestBody body;
    private final BodyReplies bodies = new BodyReplies(this::send);
    private boolean busy;
    private boolean closed;
    private boolean ended;
    private boolean observability;
    private BodySendMode requestMode = BodySendMode.UNKNOWN;
    private BodySendMode responseMode = BodySendMode.UNKNOWN;
    private RequestContext ctx;
    private PipelineExecution execution;
    private AdmittedRequest admitted;
    private long responseBytes;
    /** Whether the response head Envoy will send still carries a content-length (response filters ran). */
    private boolean responseKeepsLength;
    private int responsePieces;
    /** Request body pieces that came after the request phase (through the streaming body hooks). */
    private int streamedRequestPieces;

    public StreamProcessor(StreamSettings settings, StreamObserver<ProcessingResponse> out) {
        this.settings = settings;
        this.out = out;
        this.body = new RequestBody(settings.maxBodyBytes());
    }

    @Override
    public void onNext(ProcessingRequest request) {
        serial.run(() -> {
            if (closed) {
                return;
            }
            if (busy) {
                backlog.add(request);
            } else {
                dispatch(request);
            }
        });
    }

    @Override
    public void onError(Throwable t) {
        serial.run(() -> {
            closed = true;
            if (!ended) {
                record.outcome = "cancelled";
                log.debug("extproc stream {} ended by Envoy: {}", record.requestId, Status.fromThrowable(t));
            }
            end(false);
        });
    }

    @Override
    public void onCompleted() {
        serial.run(() -> {
            if (!closed) {
                closed = true;
                out.onCompleted();
            }
            end(true);
        });
    }

    private void dispatch(ProcessingRequest request) {
        long t0 = System.nanoTime();
        observability |= request.getObservabilityMode();
        if (request.hasProtocolConfig()) {
            requestMode = BodySendMode.of(request.getProtocolConfig().getRequestBodyMode());
            responseMode = BodySendMode.of(request.getProtocolConfig().getResponseBodyMode());
        }
        try {
            switch (request.getRequestCase()) {
                case REQUEST_HEADERS -> requestHeaders(request, t0);
                case REQUEST_BODY -> requestBody(request.getRequestBody(), t0);
                case REQUEST_TRAILERS -> requestTrailers(t0);
                case RESPONSE_HEADERS -> responseHeaders(request, t0);
                case RESPONSE_BODY -> responseBody(request.getResponseBody(), t0);
                case RESPONSE_TRAILERS -> reply(Phase.RESPONSE_TRAILERS, t0, Replies.passThrough(RequestCase.RESPONSE_TRAILERS));
                case REQUEST_NOT_SET -> fail(Status.INTERNAL.withDescription("empty ProcessingRequest"));
            }
        } catch (RuntimeException e) {
            log.error("extproc stream {}: processing {} failed", record.requestId, request.getRequestCase(), e);
            fail(Status.INTERNAL.withDescription("processing failed"));
        }
    }

    // ---- request side ----

    private void requestHeaders(ProcessingRequest request, long t0) {
        record.saw(Phase.REQUEST_HEADERS);
        if (ctx != null) {
            fail(Status.INTERNAL.withDescription("request headers sent twice"));
            return;
        }
        settings.metrics().request();
        HttpHeaders h = request.getRequestHeaders();
        switch (AdmittedRequest.of(h, settings, LISTENER)) {
            case Admission.RefusedTarget refusedTarget -> {
                refuseTarget(refusedTarget, t0);
                return;
            }
            case AdmittedRequest a -> admitted = a;
        }
        ctx = admitted.ctx();
        Optional<RequestOutcome.Reject> refused = admitted.refused();
        record.requestId = ctx.requestId();
        execution = PipelineExecution.begin(settings.pipeline(), ctx);
        if (refused.isPresent()) {
            answerLocally(LocalResponse.jsonError(refused.get().status(), refused.get().reason()), Phase.REQUEST_HEADERS, t0);
            return;
        }
        if (settings.pickerMode()) {
            Set<String> hint = Replies.subsetHint(request);
            if (hint != null) {
                ctx.extensions().put(EndpointSubset.KEY, new EndpointSubset(hint));
            }
            runRequestPhase(null, outcome -> picked(outcome, t0));
            return;
        }
        boolean bodyComing = !h.getEndOfStream() && requestMode != BodySendMode.NONE;
        if (execution.bodyPlan().preReads() && bodyComing) {
            // The pipeline reads the body before it decides: the decision rides on the body reply.
            // The ingress strips go now, though: in STREAMED mode Envoy sends the headers on after
            // this reply, and a client's forged copy of an owned header must not go with them.
            body.expect();
            if (requestMode != BodySendMode.FULL_DUPLEX_STREAMED) {
                reply(Phase.REQUEST_HEADERS, t0, Replies.requestHeaders(MutationDiff.removals(admitted.stripped())));
            }
            return;
        }
        runRequestPhase(null, outcome -> afterRequestPhase(outcome, Phase.REQUEST_HEADERS, t0));
    }

    private void requestBody(HttpBody piece, long t0) {
        record.saw(Phase.REQUEST_BODY);
        if (ctx == null) {
            fail(Status.INTERNAL.withDescription("request body before request headers"));
            return;
        }
        if (!body.expected()) {
            streamingBody(piece, t0);
            return;
        }
        if (!body.append(piece.getBody())) {
            record.outcome = "body_too_large";
            fail(Status.RESOURCE_EXHAUSTED.withDescription("request body over " + settings.maxBodyBytes() + " bytes"));
            return;
        }
        boolean last = piece.getEndOfStream() || requestMode == BodySendMode.BUFFERED_PARTIAL;
        if (!last) {
            if (requestMode != BodySendMode.FULL_DUPLEX_STREAMED) {
                // STREAMED: Envoy waits for a reply to every piece; this one passes as it is.
                reply(Phase.REQUEST_BODY, t0, Replies.passThrough(RequestCase.REQUEST_BODY));
            }
            return;
        }
        body.complete();
        runRequestPhase(body.bytes(), outcome -> afterRequestPhase(outcome, Phase.REQUEST_BODY, t0));
    }

    /** A body piece after the request phase ran: through streaming body hooks, if any, then on. */
    private void streamingBody(HttpBody piece, long t0) {
        streamedRequestPieces++;
        ByteString bytes = piece.getBody();
        if (!settings.pickerMode() && execution.bodyPlan().streamsRequestHooks()) {
            BodyChunk chunk = BodyChunk.of(bytes.asReadOnlyByteBufferList(), piece.getEndOfStream());
            switch (execution.runRequestBody(chunk)) {
                case BodyVerdict.Stop stop -> {
                    afterRequestPhase(stop.outcome(), Phase.REQUEST_BODY, t0);
                    return;
                }
                case BodyVerdict.Pass pass -> {
                    if (pass.body() != chunk) {
                        bytes = ByteString.copyFrom(pass.body().toByteArray());
                        sendBody(Phase.REQUEST_BODY, t0, bytes, piece.getEndOfStream(), true);
                        return;
                    }
                }
            }
        }
        sendBody(Phase.REQUEST_BODY, t0, bytes, piece.getEndOfStream(), false);
    }

    private void requestTrailers(long t0) {
        record.saw(Phase.REQUEST_TRAILERS);
        if (body.expected()) {
            body.complete();
            runRequestPhase(body.bytes(), outcome -> afterRequestPhase(outcome, Phase.REQUEST_TRAILERS, t0));
            return;
        }
        reply(Phase.REQUEST_TRAILERS, t0, Replies.passThrough(RequestCase.REQUEST_TRAILERS));
    }

    /** Pre-read over {@code whole} (when the pipeline reads bodies), then the request hooks. */
    private void runRequestPhase(ByteString whole, Consumer<RequestOutcome> then) {
        if (whole != null && execution.bodyPlan().preReads()) {
            BodyChunk chunk = BodyChunk.of(whole.asReadOnlyByteBufferList(), true);
            switch (execution.runPreRead(chunk)) {
                case BodyVerdict.Stop stop -> {
                    then.accept(stop.outcome());
                    return;
                }
                case BodyVerdict.Pass pass -> {
                    if (pass.body() != chunk) {
                        body.replaced(ByteString.copyFrom(pass.body().toByteArray()));
                    }
                }
            }
        }
        CompletionStage<RequestOutcome> stage = execution.runRequest();
        if (stage.toCompletableFuture().isDone()) {
            then.accept(stage.toCompletableFuture().join());
            return;
        }
        busy = true;
        stage.whenComplete((outcome, error) -> serial.run(() -> {
            busy = false;
            if (closed) {
                return;
            }
            if (error != null) {
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                log.error("extproc stream {}: request phase failed", record.requestId, cause);
                fail(Status.INTERNAL.withDescription("request phase failed"));
                return;
            }
            try {
                then.accept(outcome);
            } catch (RuntimeException e) {
                log.error("extproc stream {}: request phase failed", record.requestId, e);
                fail(Status.INTERNAL.withDescription("processing failed"));
            }
            while (!busy && !closed && !backlog.isEmpty()) {
                dispatch(backlog.poll());
            }
        }));
    }

    private void afterRequestPhase(RequestOutcome outcome, Phase phase, long t0) {
        switch (outcome) {
            // Envoy routes: the endpoint a filter picked matters only through route_header (see
            // docs/behaviour/ext-proc.md#the-service).
            case RequestOutcome.Forward f -> continueRequest(phase, t0);
            case RequestOutcome.NoUpstream n -> continueRequest(phase, t0);
            case RequestOutcome.Respond r -> answerLocally(r.response(), phase, t0);
            case RequestOutcome.Reject r -> answerLocally(LocalResponse.jsonError(r.status(), r.reason()), phase, t0);
        }
    }

    private void continueRequest(Phase phase, long t0) {
        HeaderMutation.Builder mutation = admitted.mutation();
        switch (phase) {
            case REQUEST_HEADERS -> reply(phase, t0, Replies.requestHeaders(mutation));
            case REQUEST_BODY -> bodyDecision(mutation, t0);
            case REQUEST_TRAILERS -> {
                if (mutation.getSetHeadersCount() + mutation.getRemoveHeadersCount() > 0) {
                    log.warn("extproc stream {}: request header changes made after the trailers arrived cannot reach "
                            + "Envoy; use request_body_mode BUFFERED", record.requestId);
                }
                reply(phase, t0, Replies.passThrough(RequestCase.REQUEST_TRAILERS));
            }
            case RESPONSE_HEADERS, RESPONSE_BODY, RESPONSE_TRAILERS -> throw new IllegalStateException(phase.label);
        }
    }

    /** The reply to the body piece the decision was made on, by how Envoy sends bodies. */
    private void bodyDecision(HeaderMutation.Builder mutation, long t0) {
        ByteBuffer rewritten = execution.rewrittenRequestBody();
        if (rewritten != null) {
            body.replaced(ByteString.copyFrom(rewritten)); // The barrier's rewrite is the body Envoy sends (see docs/behaviour/binding.md#the-bound-body-barrier)
        }
        BodyReplies.Refusal refusal = bodies.decision(requestMode, mutation, body, admitted.stripped(),
                ctx.headers().contains(MutationDiff.CONTENT_LENGTH));
        if (refusal != null) {
            log.error("extproc stream {}: {}", record.requestId, refusal.detail());
            fail(refusal.status());
            return;
        }
        settings.metrics().phase(Phase.REQUEST_BODY, System.nanoTime() - t0);
    }

    private void sendBody(Phase phase, long t0, ByteString bytes, boolean endOfStream, boolean changed) {
        boolean request = phase == Phase.REQUEST_BODY;
        boolean onlyPieceUnderLength = request
                ? streamedRequestPieces == 1 && ctx.headers().contains(MutationDiff.CONTENT_LENGTH)
                : responsePieces == 1 && responseKeepsLength;
        bodies.piece(request, request ? requestMode : responseMode, bytes, endOfStream, changed, onlyPieceUnderLength);
        settings.metrics().phase(phase, System.nanoTime() - t0);
    }

    /** Picker mode's one reply: the pick as metadata and header, or a local answer. */
    private void picked(RequestOutcome outcome, long t0) {
        switch (PickerReply.of(outcome, ctx, settings.routeHeader())) {
            case PickerReply.Answer a -> answerLocally(a.response(), Phase.REQUEST_HEADERS, t0);
            case PickerReply.Picked p -> {
                record.outcome = "picked";
                reply(Phase.REQUEST_HEADERS, t0, Replies.pick(admitted.mutation(), settings.routeHeader(), p.value()));
            }
        }
    }

    /** A {@code :path} without a safe canonical form: 400 before any filter, as the HTTP edge answers it. */
    private void refuseTarget(Admission.RefusedTarget refused, long t0) {
        record.requestId = refused.requestId();
        sendImmediate(LocalResponse.jsonError(400, refused.reason()), Phase.REQUEST_HEADERS, t0);
    }

    /** An ImmediateResponse, after the response hooks ran on it as they do on the HTTP edge. */
    private void answerLocally(LocalResponse response, Phase phase, long t0) {
        // In the envelope a filter chose (an AI API's error shape, a gRPC status), as on the HTTP edge.
        LocalResponse enveloped = ErrorEnvelopes.apply(execution, response);
        ResponseHead head = new ResponseHead(enveloped.status(), enveloped.headers().copy(), true);
        sendImmediate(switch (execution.runResponse(head)) {
            case ResponseOutcome.Replace replace -> ErrorEnvelopes.apply(execution, replace.response());
            case ResponseOutcome.Proceed proceed -> new LocalResponse(head.status(), head.headers(), enveloped.body());
        }, phase, t0);
    }

    /** Sends {@code sent} as the stream's ImmediateResponse and ends the stream. */
    private void sendImmediate(LocalResponse sent, Phase phase, long t0) {
        settings.metrics().immediateResponse(sent.status());
        record.outcome = "immediate";
        record.status = sent.status();
        reply(phase, t0, Replies.immediate(sent));
        closed = true;
        out.onCompleted();
        end(true);
    }

    // ---- response side ----

    private void responseHeaders(ProcessingRequest request, long t0) {
        record.saw(Phase.RESPONSE_HEADERS);
        if (execution == null) {
            fail(Status.INTERNAL.withDescription("response headers before request headers"));
            return;
        }
        if (settings.pickerMode()) {
            reply(Phase.RESPONSE_HEADERS, t0, Replies.passThrough(RequestCase.RESPONSE_HEADERS));
            return;
        }
        if (body.expected()) {
            // Envoy sent no body (its body mode is NONE): decide now; request changes can no longer apply.
            body.complete();
            runRequestPhase(null, outcome -> {
                if (outcome instanceof RequestOutcome.Forward || outcome instanceof RequestOutcome.NoUpstream) {
                    log.warn("extproc stream {}: the pipeline reads request bodies but Envoy sent none; set "
                            + "request_body_mode BUFFERED", record.requestId);
                    respondToHeaders(request.getResponseHeaders(), t0);
                } else {
                    afterRequestPhase(outcome, Phase.RESPONSE_HEADERS, t0); // a local answer (ImmediateResponse)
                }
            });
            return;
        }
        respondToHeaders(request.getResponseHeaders(), t0);
    }

    /**
     * Response header filters now, a diff back; a refusal here is gRPC ABORTED (see
     * docs/behaviour/ext-proc.md#phases).
     */
    private void respondToHeaders(HttpHeaders h, long t0) {
        int status = HeaderConversion.status(h.getHeaders());
        HeaderMap before = HeaderConversion.regular(h.getHeaders());
        ResponseHead head = new ResponseHead(status, before.copy(), false);
        switch (execution.runResponse(head)) {
            case ResponseOutcome.Replace replace -> {
                record.status = replace.response().status();
                record.outcome = "aborted";
                fail(Status.ABORTED.withDescription("response refused by a filter"));
            }
            case ResponseOutcome.Proceed proceed -> {
                HeaderMutation.Builder mutation = MutationDiff.of(before, head.headers());
                if (head.status() != status) {
                    mutation.addSetHeaders(MutationDiff.option(HeaderConversion.STATUS, Integer.toString(head.status()), true));
                }
                record.status = head.status();
                responseKeepsLength = head.headers().contains(MutationDiff.CONTENT_LENGTH);
                reply(Phase.RESPONSE_HEADERS, t0, Replies.responseHeaders(mutation));
            }
        }
    }

    private void responseBody(HttpBody piece, long t0) {
        record.saw(Phase.RESPONSE_BODY);
        responseBytes += piece.getBody().size();
        responsePieces++;
        if (!settings.pickerMode() && execution != null && execution.bodyPlan().responseHooks()) {
            BodyChunk chunk = BodyChunk.of(piece.getBody().asReadOnlyByteBufferList(), piece.getEndOfStream());
            switch (execution.runResponseBody(chunk)) {
                case BodyVerdict.Stop stop -> {
                    record.outcome = "aborted";
                    fail(Status.ABORTED.withDescription("response body refused by a filter"));
                    return;
                }
                case BodyVerdict.Pass pass -> {
                    if (pass.body() != chunk) {
                        sendBody(Phase.RESPONSE_BODY, t0, ByteString.copyFrom(pass.body().toByteArray()),
                                piece.getEndOfStream(), true);
                        return;
                    }
                }
            }
        }
        sendBody(Phase.RESPONSE_BODY, t0, piece.getBody(), piece.getEndOfStream(), false);
    }

    // ---- replies and the end ----

    private void reply(Phase phase, long t0, ProcessingResponse response) {
        settings.metrics().phase(phase, System.nanoTime() - t0);
        send(response);
    }

    private void send(ProcessingResponse response) {
        // observability_mode: Envoy expects no reply at all.
        if (!observability && !closed) {
            out.onNext(response);
        }
    }

    private void fail(Status status) {
        if (closed) {
            return;
        }
        closed = true;
        if (record.outcome.equals("continue") || record.outcome.equals("picked")) {
            record.outcome = "error";
        }
        out.onError(status.asRuntimeException());
        end(false);
    }

    private void end(boolean completed) {
        if (ended) {
            return;
        }
        ended = true;
        backlog.clear();
        if (execution != null) {
            execution.runLog(new ExchangeSummary(record.status, body.received(), responseBytes, record.durationNanos(),
                    completed));
        }
        if (ctx != null) {
            record.requestId = ctx.requestId(); // a request_id filter may have adopted Envoy's x-request-id
        }
        record.log(completed);
    }
}
