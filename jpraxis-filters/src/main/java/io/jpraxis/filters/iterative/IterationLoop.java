package io.jpraxis.filters.iterative;

import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.core.binding.BindingState;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.core.pipeline.execute.RequestOutcome;
import io.jpraxis.core.pipeline.execute.ResponseOutcome;
import io.jpraxis.core.subrequest.SubRequest;
import io.jpraxis.core.subrequest.SubResponse;
import io.jpraxis.core.subrequest.SubStream;
import io.jpraxis.core.subrequest.TransportError;
import io.jpraxis.filters.iterative.StepCompiler.CompiledStep;
import io.jpraxis.filters.iterative.TransitionRule.Origin;
import io.jpraxis.filters.traffic.circuitbreaker.CircuitBreakerFilter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request's bounded loop of step exchanges (see
 * docs/behaviour/iterative-router.md#steps-and-transitions). Each iteration runs a step's pipeline
 * on a fresh context (empty headers, same method and target, the parent's frozen binding shared,
 * never re-frozen), sends the sub-request to the endpoint the step picked, runs the step's response
 * filters, counts the iteration and follows the first matching rule. An upstream answer is read
 * only up to its head, and streams to the client once no rule sends the loop on (see
 * docs/behaviour/iterative-router.md#streamed-answers). Never blocks: every stage
 * completes on the thread of the step filter or client that completed it.
 */
final class IterationLoop {
    private static final Logger log = LoggerFactory.getLogger(IterationLoop.class);

    private final IterativeRouterFilter router;
    private final RequestContext parent;
    private final Clock clock;
    private final Instant deadline;
    private final String depthHeader;
    private int iterations;

    IterationLoop(IterativeRouterFilter router, RequestContext parent, Clock clock, int inboundDepth) {
        this.router = router;
        this.parent = parent;
        this.clock = clock;
        this.deadline = clock.instant().plusMillis(router.config().timeoutMs());
        this.depthHeader = Integer.toString(inboundDepth + 1);
    }

    CompletionStage<FilterAction> run(byte[] body) {
        return iterate(router.config().initialStep(), body);
    }

    private CompletionStage<FilterAction> iterate(String stepName, byte[] body) {
        IterativeRouterConfig config = router.config();
        if (iterations >= config.maxIterations()) {
            return done(FilterAction.reject(508, "iteration limit reached"));
        }
        Instant now = clock.instant();
        if (!now.isBefore(deadline)) {
            return done(FilterAction.reject(504, "iterative request deadline exceeded"));
        }
        CompiledStep step = router.step(stepName);
        // A fresh context per step: no selected upstream, metadata or results of the previous one.
        RequestContext ctx = new RequestContext(parent.listener(), parent.method(), parent.requestPath(), parent.query(),
                parent.scheme(), parent.clientAddress(), new HeaderMap(), parent.requestId(), parent.receivedAt());
        BindingState.inherit(parent, ctx);
        PipelineExecution exec = PipelineExecution.begin(step.pipeline(), ctx);
        exec.retainResults();
        long started = System.nanoTime();
        return exec.runRequest()
                .thenCompose(outcome -> exchange(outcome, ctx, body, now))
                .thenCompose(result -> after(step, exec, ctx, result, body, started));
    }

    private CompletionStage<StepResult> exchange(RequestOutcome outcome, RequestContext ctx, byte[] body,
            Instant now) {
        return switch (outcome) {
            case RequestOutcome.Forward f -> send(f, ctx, body, now);
            case RequestOutcome.Respond r -> local(r.response());
            case RequestOutcome.Reject r -> CircuitBreakerFilter.refused(ctx) ? circuitOpen(r)
                    : local(LocalResponse.jsonError(r.status(), r.reason()));
            // A step that chose no endpoint is a local 500 naming why (see
            // docs/behaviour/request-lifecycle.md#no-endpoint-selected).
            case RequestOutcome.NoUpstream n -> local(LocalResponse.jsonError(500, n.reason()));
        };
    }

    /**
     * The step's circuit_breaker refused the sub-request: its 503 is the transport error {@code
     * circuit_open}, as Praxis's sub-request breaker reports it (see
     * docs/behaviour/iterative-router.md#steps-and-transitions).
     */
    private static CompletionStage<StepResult> circuitOpen(RequestOutcome.Reject r) {
        return CompletableFuture.completedFuture(new StepResult(Origin.TRANSPORT, TransportError.CIRCUIT_OPEN,
                LocalResponse.jsonError(r.status(), r.reason()), null));
    }

    private static CompletionStage<StepResult> local(LocalResponse response) {
        return CompletableFuture.completedFuture(new StepResult(Origin.LOCAL, null, response, null));
    }

    private CompletionStage<StepResult> send(RequestOutcome.Forward f, RequestContext ctx, byte[] body, Instant now) {
        // The step's context is this exchange's alone, so its headers go as they are (the client copies them for the wire).
        HeaderMap headers = ctx.headers();
        headers.set(ReservedHeaders.ITERATIVE_DEPTH, depthHeader);
        Instant stepDeadline = now.plus(Duration.ofMillis(router.config().stepTimeoutMs()));
        if (stepDeadline.isAfter(deadline)) {
            stepDeadline = deadline;
        }
        SubRequest request = new SubRequest(f.target(), ctx.method(), ctx.target(), headers, body, stepDeadline,
                router.config().maxResponseBytes());
        if ("HEAD".equals(ctx.method())) {
            // No body to stream: the head-only answer keeps the length its GET would have (TerminalResponse).
            return parent.subRequests().send(request).thenApply(response -> switch (response) {
                case SubResponse.Received r -> answered(ctx, r.status(), new LocalResponse(r.status(), r.headers(), r.body()));
                case SubResponse.Failed failed -> failed(ctx, f, failed);
            });
        }
        // The answer streams (see docs/behaviour/iterative-router.md#streamed-answers): the rules read its head.
        return parent.subRequests().stream(request).thenApply(opened -> switch (opened) {
            case SubStream.Opened o -> answered(ctx, o.status(), o.body().whole()
                    .map(whole -> new LocalResponse(o.status(), o.headers(), whole))
                    .orElseGet(() -> LocalResponse.streamed(o.status(), o.headers(), o.body())));
            case SubResponse.Failed failed -> failed(ctx, f, failed);
        });
    }

    private static StepResult answered(RequestContext ctx, int status, LocalResponse response) {
        ctx.upstreamAnswered(status); // what the step's response filters (circuit_breaker) judge
        return new StepResult(Origin.UPSTREAM, null, response, null);
    }

    private StepResult failed(RequestContext ctx, RequestOutcome.Forward f, SubResponse.Failed failed) {
        recordReach(ctx, failed.kind());
        log.debug("request {}: step sub-request to {} failed: {} ({})", parent.requestId(),
                f.target().endpoint(), failed.kind().configName(), failed.detail());
        return new StepResult(Origin.TRANSPORT, failed.kind(), LocalResponse.jsonError(failed.kind().status(),
                failed.kind().status() == 504 ? "upstream timed out" : "upstream request failed"), null);
    }

    /**
     * A failure that reached the upstream and got no response head counts against it (a step's
     * circuit_breaker reads it; see docs/reference/filters/circuit_breaker.md#what-counts-as-a-failure);
     * one that never got a connection, or a complete head, does not.
     */
    private static void recordReach(RequestContext ctx, TransportError kind) {
        switch (kind) {
            case CONNECT, IO, DEADLINE_EXCEEDED -> ctx.upstreamAttempted();
            case ADMISSION_TIMEOUT, CIRCUIT_OPEN, RESPONSE_TOO_LARGE -> {
            }
        }
    }

    private CompletionStage<FilterAction> after(CompiledStep step, PipelineExecution exec, RequestContext ctx,
            StepResult raw, byte[] body, long started) {
        LocalResponse response = respond(exec, raw);
        String stepName = step.config().name();
        router.counters().exchanged(stepName, ctx.cluster(), raw.origin());
        if (ctx.cluster() != null) {
            // The request is attributed to the cluster of the step that served it last (access log, metrics).
            parent.cluster(ctx.cluster());
        }
        if (!response.streamed()) {
            exec.runLog(new ExchangeSummary(response.status(), body.length, response.body().length,
                    System.nanoTime() - started, true));
        }
        iterations++;
        // A streamed answer counts with the length it declares, if any: its body is not held (see
        // docs/behaviour/iterative-router.md#streamed-answers). The 64 MiB cap holds for the IRR's
        // state whatever max_state_bytes says (see docs/behaviour/body-access.md#body-limits).
        long state = (long) body.length + response.body().length + declaredLength(response);
        if (state > Math.min(router.config().maxStateBytes(), BodyLimits.ABSOLUTE_CAP_BYTES)) {
            drop(response, exec, body.length, started);
            return done(FilterAction.reject(413, "iterative state too large"));
        }
        // Every rule is read on the head: a step filter's results are all in once its response
        // filters ran (steps hold no body hooks), so the answer is committed only when no rule
        // sends the loop on (see docs/behaviour/iterative-router.md#streamed-answers).
        StepResult result = new StepResult(raw.origin(), raw.transportError(), response, exec.retainedResults());
        for (TransitionRule rule : step.config().onResult()) {
            if (result.matches(rule)) {
                return switch (rule.then()) {
                    // No jpraxis filter nominates a body for the next step, so the previous one goes on.
                    case TransitionRule.Next n -> {
                        drop(response, exec, body.length, started); // suppressed: nothing of it reaches the client
                        router.counters().movedOn(stepName, n.step(), raw.origin());
                        yield iterate(n.step(), body);
                    }
                    case TransitionRule.Done d -> finish(response, stepName, exec, body.length, started);
                };
            }
        }
        return finish(response, stepName, exec, body.length, started); // no rule matched: the current response is the answer
    }

    /** The length a streamed answer declares (0 when it declares none or is whole). */
    private static long declaredLength(LocalResponse response) {
        if (!response.streamed()) {
            return 0;
        }
        String value = response.headers().get("content-length");
        if (value == null || value.isEmpty() || value.length() > 18 || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return 0;
        }
        return Long.parseLong(value);
    }

    /** Lets go of a streamed answer the client will not see (its upstream connection closes). */
    private static void drop(LocalResponse response, PipelineExecution exec, long requestBytes, long started) {
        if (response.streamed()) {
            response.stream().cancel();
            exec.runLog(new ExchangeSummary(response.status(), requestBytes, 0, System.nanoTime() - started, false));
        }
    }

    /** The step's response filters, over the step response (upstream or local) as for any exchange. */
    private static LocalResponse respond(PipelineExecution exec, StepResult raw) {
        LocalResponse response = raw.response();
        if (!exec.hasResponseHooks()) {
            return response;
        }
        ResponseHead head = new ResponseHead(response.status(), response.headers(), raw.origin() != Origin.UPSTREAM);
        return switch (exec.runResponse(head)) {
            case ResponseOutcome.Proceed p -> new LocalResponse(head.status(), head.headers(), response.body(),
                    null, response.stream());
            case ResponseOutcome.Replace r -> {
                if (response.streamed()) {
                    response.stream().cancel(); // a step filter put its own answer in the upstream's place
                }
                yield r.response();
            }
        };
    }

    private CompletionStage<FilterAction> finish(LocalResponse response, String stepName, PipelineExecution exec,
            long requestBytes, long started) {
        if (!response.streamed()) {
            return done(new FilterAction.Respond(TerminalResponse.of(parent.method(), response)));
        }
        Long cap = router.config().maxStreamResponseBytes();
        StreamedStepAnswer body = new StreamedStepAnswer(response.stream(), parent.requestId(), stepName,
                cap == null ? Long.MAX_VALUE : cap, (bytes, clean) -> exec.runLog(new ExchangeSummary(
                        response.status(), requestBytes, bytes, System.nanoTime() - started, clean)));
        return done(new FilterAction.Respond(LocalResponse.streamed(response.status(),
                TerminalResponse.streamedHeaders(response.headers()), body)));
    }

    private static CompletionStage<FilterAction> done(FilterAction action) {
        return CompletableFuture.completedFuture(action);
    }
}
