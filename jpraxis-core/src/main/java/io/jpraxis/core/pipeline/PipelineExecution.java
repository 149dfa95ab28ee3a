package io.jpraxis.core.pipeline;

import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ResponseHead;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Walks a {@link CompiledPipeline} for one request: the request phase forward over compiled
 * indices, then the response phase in reverse over the filters that ran.
 *
 * <p>Synchronous filters run in a plain loop; only an asynchronous filter whose stage is not yet
 * complete suspends the walk, which then resumes on the thread that completes the stage. The edge
 * must hop back to its own thread before touching transport state.
 */
public final class PipelineExecution {
    private static final Logger log = LoggerFactory.getLogger(PipelineExecution.class);
    /** Sent to the client for a closed filter failure; the detail goes to the log only (decision 5). */
    static final String FILTER_ERROR = "internal filter error";

    private final CompiledPipeline pipeline;
    private final RequestContext ctx;
    private final boolean[] executed;
    private boolean logged;

    PipelineExecution(CompiledPipeline pipeline, RequestContext ctx) {
        this.pipeline = pipeline;
        this.ctx = ctx;
        this.executed = new boolean[pipeline.size()];
    }

    public RequestContext context() {
        return ctx;
    }

    /** Whether {@link #runResponse} can change anything ({@link CompiledPipeline#hasResponseHooks()}). */
    public boolean hasResponseHooks() {
        return pipeline.hasResponseHooks();
    }

    /** Runs the request phase; the stage is already complete when no filter suspended. */
    public CompletionStage<RequestOutcome> runRequest() {
        return continueFrom(0);
    }

    private CompletionStage<RequestOutcome> continueFrom(int start) {
        for (int i = start; i < pipeline.size(); i++) {
            CompiledFilter f = pipeline.filter(i);
            if (!f.condition().test(ctx)) {
                continue; // skipped: no hooks at all, on request or response
            }
            HttpFilter filter = f.filter();
            if (filter.isAsync()) {
                CompletableFuture<FilterAction> stage = filter.onRequestAsync(ctx).toCompletableFuture();
                if (!stage.isDone()) {
                    int index = i;
                    return stage.handle((action, error) -> error != null
                                    ? new FilterAction.Fail(String.valueOf(error))
                                    : action)
                            .thenCompose(action -> afterRequestHook(index, action));
                }
                FilterAction action = stage.handle((a, error) -> error != null
                        ? (FilterAction) new FilterAction.Fail(String.valueOf(error)) : a).join();
                RequestOutcome stop = apply(i, action);
                if (stop != null) {
                    return CompletableFuture.completedFuture(stop);
                }
                continue;
            }
            RequestOutcome stop = apply(i, invoke(filter));
            if (stop != null) {
                return CompletableFuture.completedFuture(stop);
            }
        }
        return CompletableFuture.completedFuture(finish());
    }

    private CompletionStage<RequestOutcome> afterRequestHook(int index, FilterAction action) {
        RequestOutcome stop = apply(index, action);
        return stop != null ? CompletableFuture.completedFuture(stop) : continueFrom(index + 1);
    }

    private FilterAction invoke(HttpFilter filter) {
        try {
            return filter.onRequest(ctx);
        } catch (RuntimeException e) {
            // A filter bug is still a filter failure: failure_mode decides, and the cause is logged.
            log.error("filter {} threw on request {}", filter.type(), ctx.requestId(), e);
            return new FilterAction.Fail(e.toString());
        }
    }

    /** Records the filter as executed and returns the outcome that stops the walk, or null to go on. */
    private RequestOutcome apply(int index, FilterAction action) {
        CompiledFilter f = pipeline.filter(index);
        executed[index] = true;
        return switch (action) {
            case FilterAction.Continue c -> null;
            case FilterAction.Respond r -> new RequestOutcome.Respond(r.response());
            case FilterAction.Reject r -> new RequestOutcome.Reject(r.status(), r.reason());
            case FilterAction.Fail fail -> onFailure(f, fail.detail());
        };
    }

    private RequestOutcome onFailure(CompiledFilter f, String detail) {
        if (f.failureMode() == FailureMode.OPEN) {
            log.warn("filter {} failed open on request {}: {}", f.filter().type(), ctx.requestId(), detail);
            return null;
        }
        log.error("filter {} failed on request {}: {}", f.filter().type(), ctx.requestId(), detail);
        return new RequestOutcome.Reject(500, FILTER_ERROR);
    }

    private RequestOutcome finish() {
        if (ctx.upstream() != null) {
            return new RequestOutcome.Forward(ctx.upstream());
        }
        return new RequestOutcome.NoUpstream(ctx.cluster() == null
                ? "no upstream selected: no filter chose a cluster"
                : "no upstream selected: no load balancer picked an endpoint for cluster " + ctx.cluster());
    }

    /**
     * Runs response hooks in reverse over the filters that ran, honouring each one's
     * {@code response_conditions}. Applies to upstream and local responses alike.
     */
    public ResponseOutcome runResponse(ResponseHead head) {
        for (int i = pipeline.size() - 1; i >= 0; i--) {
            if (!executed[i]) {
                continue;
            }
            CompiledFilter f = pipeline.filter(i);
            if (!f.responseCondition().test(head)) {
                continue;
            }
            FilterAction action;
            try {
                action = f.filter().onResponse(ctx, head);
            } catch (RuntimeException e) {
                log.error("filter {} threw on response {}", f.filter().type(), ctx.requestId(), e);
                action = new FilterAction.Fail(e.toString());
            }
            ResponseOutcome outcome = switch (action) {
                case FilterAction.Continue c -> null;
                case FilterAction.Respond r -> new ResponseOutcome.Replace(r.response());
                case FilterAction.Reject r -> new ResponseOutcome.Replace(LocalResponse.jsonError(r.status(), r.reason()));
                case FilterAction.Fail fail -> onResponseFailure(f, fail.detail());
            };
            if (outcome != null) {
                return outcome;
            }
        }
        return ResponseOutcome.PROCEED;
    }

    private ResponseOutcome onResponseFailure(CompiledFilter f, String detail) {
        if (f.failureMode() == FailureMode.OPEN) {
            log.warn("filter {} failed open on response {}: {}", f.filter().type(), ctx.requestId(), detail);
            return null;
        }
        log.error("filter {} failed on response {}: {}", f.filter().type(), ctx.requestId(), detail);
        return new ResponseOutcome.Replace(LocalResponse.jsonError(500, FILTER_ERROR));
    }

    /**
     * Ends the exchange for the filters: calls {@link HttpFilter#onLog} on every filter that ran its
     * request hook, in pipeline order. Only the first call does anything, so every end path of the
     * edge may call it. A throwing hook is logged and counted ({@link CompiledPipeline#logHookFailures()})
     * and the others still run: accounting must never break an exchange.
     */
    public void runLog(ExchangeSummary summary) {
        if (logged) {
            return;
        }
        logged = true;
        for (int i = 0; i < pipeline.size(); i++) {
            if (!executed[i]) {
                continue;
            }
            HttpFilter filter = pipeline.filter(i).filter();
            try {
                filter.onLog(ctx, summary);
            } catch (RuntimeException e) {
                pipeline.logHookFailed();
                log.error("filter {} threw on exchange end of request {}", filter.type(), ctx.requestId(), e);
            }
        }
    }

    /** Whether {@link #runLog} has run. */
    public boolean logged() {
        return logged;
    }

    /** Whether the filter at {@code index} ran its request hook (for tests and access logs). */
    public boolean executed(int index) {
        return executed[index];
    }
}
