package io.jpraxis.core.pipeline.execute;

import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.core.binding.BoundRequestBody;
import io.jpraxis.core.binding.ClusterCatalog;
import io.jpraxis.core.context.ErrorRenderer;
import io.jpraxis.core.context.FilterResults;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.UnreadableRequest;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.BodyPlan;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Walks a {@link CompiledPipeline} for one request: the request phase forward over compiled indices
 * (see docs/behaviour/request-lifecycle.md#the-request-phase), with each host's branches evaluated
 * after its request hook, then the response phase in reverse over the filters that ran (see
 * docs/behaviour/request-lifecycle.md#the-response-phase).
 *
 * <p>Synchronous filters run in a plain loop; only an asynchronous filter whose stage is not yet
 * complete suspends the walk, which then resumes on the thread that completes the stage. The edge
 * must hop back to its own thread before touching transport state.
 */
public final class PipelineExecution {
    private static final Logger log = LoggerFactory.getLogger(PipelineExecution.class);
    /**
     * Sent to the client for a closed filter failure; the detail goes to the log only (see
     * docs/behaviour/request-lifecycle.md#error-bodies).
     */
    static final String FILTER_ERROR = FilterCalls.FILTER_ERROR;

    private final CompiledPipeline pipeline;
    private final RequestContext ctx;
    /** Per slot (top-level and branch filters): whether its request hook ran in any pass. */
    private final boolean[] executed;
    /**
     * Per slot: whether the response walk reached it, so a replacement never runs a filter twice;
     * made by the first response walk (many requests never have one).
     */
    private boolean[] reached;
    /** Null unless the pipeline reads the binding: only then are its routers binding routers. */
    private final ClusterCatalog bindingCatalog;
    private BranchEvaluator branches;
    private BodyHooks bodies;
    /** The pre-read body as its hooks left it, copied, kept for the bound-upstream barrier; else null. */
    private BodyChunk barrierBody;
    private boolean logged;
    /** Results of every top-level filter that ran, when the caller asked to keep them; else null. */
    private FilterResults retained;

    private PipelineExecution(CompiledPipeline pipeline, RequestContext ctx) {
        this.pipeline = pipeline;
        this.ctx = ctx;
        this.executed = new boolean[pipeline.slotCount()];
        this.bindingCatalog = pipeline.binding().usesBinding() ? pipeline.binding().catalog() : null;
    }

    /** Starts the walk of {@code pipeline} for one request. */
    public static PipelineExecution begin(CompiledPipeline pipeline, RequestContext ctx) {
        // Before any filter runs, so every local error of the request takes the shape of its API
        // (see docs/behaviour/request-lifecycle.md#error-bodies).
        ErrorRenderer renderer = pipeline.errorRendererFor(ctx);
        if (renderer != null) {
            ctx.extensions().put(ErrorRenderer.KEY, renderer);
        }
        return new PipelineExecution(pipeline, ctx);
    }

    public RequestContext context() {
        return ctx;
    }

    /**
     * Whether {@link #runResponse} can change anything for this request, once its request phase
     * ended: response-body hooks, or a response hook on a filter that ran. A pipeline whose only
     * response hooks sit on filters this request skipped (a marker after a terminal branch, say)
     * lets the edge relay the origin's head as it is.
     */
    public boolean hasResponseHooks() {
        if (!pipeline.hasResponseHooks()) {
            return false;
        }
        if (pipeline.body().responseHooks()) {
            return true;
        }
        for (int i = 0; i < executed.length; i++) {
            if (executed[i] && pipeline.hasResponseHookAt(i)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Keeps the results each top-level filter publishes, which the walk otherwise clears after the
     * filter's branches (see docs/behaviour/branches.md#filter-results), for a caller that decides
     * on them after the walk: an {@code iterative_request_router} matching its step filters'
     * results in {@code on_result}. Call before {@link #runRequest()}.
     */
    public void retainResults() {
        if (retained == null) {
            retained = new FilterResults();
        }
    }

    /**
     * What {@link #retainResults()} kept, plus the results of a filter that ended the walk (a later
     * value wins per key); empty when retention was not asked for.
     */
    public FilterResults retainedResults() {
        FilterResults out = new FilterResults();
        if (retained != null) {
            out.putAll(retained);
            out.putAll(ctx.results());
        }
        return out;
    }

    private void retain() {
        if (retained != null) {
            retained.putAll(ctx.results());
        }
    }

    /** Runs the request phase; the stage is already complete when no filter suspended. */
    public CompletionStage<RequestOutcome> runRequest() {
        return continueFrom(0);
    }

    private CompletionStage<RequestOutcome> continueFrom(int start) {
        int i = start;
        while (i < pipeline.size()) {
            CompiledFilter f = pipeline.filter(i);
            if (!f.condition().test(ctx)) {
                i++;
                continue; // skipped: no hooks at all, and none of its branches (see docs/behaviour/branches.md#how-branches-run)
            }
            HttpFilter filter = f.filter();
            if (bodies != null) {
                bodies.restoreResults(i);
            }
            FilterAction action;
            if (filter.isAsync()) {
                CompletableFuture<FilterAction> stage = FilterCalls.requestAsync(filter, ctx);
                if (!stage.isDone()) {
                    int index = i;
                    return stage.thenCompose(a -> afterRequestHook(index, a));
                }
                action = stage.join();
            } else {
                action = FilterCalls.request(filter, ctx);
            }
            executed[i] = true;
            RequestOutcome stop = stopping(f, action);
            if (stop != null) {
                return CompletableFuture.completedFuture(stop);
            }
            retain();
            if (!f.hasBranches()) {
                ctx.results().clear(); // results never outlive their filter (see docs/behaviour/branches.md#filter-results)
                i++;
                continue;
            }
            CompletableFuture<BranchOutcome> branching = branchEvaluator().evaluate(f.branches());
            if (!branching.isDone()) {
                int host = i;
                return branching.thenCompose(outcome -> afterBranches(host, outcome));
            }
            // Skipped filters keep their "ran" mark from earlier passes, so a re-entrance never runs a
            // response hook twice nor loses one.
            switch (branching.join()) {
                case BranchOutcome.Continue c -> i++;
                case BranchOutcome.SkipTo s -> i = s.target();
                case BranchOutcome.ReEnter r -> i = r.target();
                case BranchOutcome.Terminal t -> {
                    return CompletableFuture.completedFuture(terminal());
                }
                case BranchOutcome.Stop s -> {
                    return CompletableFuture.completedFuture(s.outcome());
                }
            }
        }
        return CompletableFuture.completedFuture(finish());
    }

    private CompletionStage<RequestOutcome> afterRequestHook(int index, FilterAction action) {
        CompiledFilter f = pipeline.filter(index);
        executed[index] = true;
        RequestOutcome stop = stopping(f, action);
        if (stop != null) {
            return CompletableFuture.completedFuture(stop);
        }
        retain();
        return branchEvaluator().evaluate(f.branches()).thenCompose(outcome -> afterBranches(index, outcome));
    }

    /**
     * The outcome that stops the walk after {@code f}'s request hook, or null; a binding router
     * that continued publishes and freezes here, before its branches are evaluated (see
     * docs/behaviour/binding.md#the-freeze).
     */
    private RequestOutcome stopping(CompiledFilter f, FilterAction action) {
        RequestOutcome stop = FilterCalls.stopping(f, action, ctx);
        return stop != null || bindingCatalog == null ? stop
                : BindingPublisher.afterContinue(bindingCatalog, f, ctx, this::atFreeze);
    }

    /**
     * The bound-upstream body barrier (see docs/behaviour/binding.md#the-bound-body-barrier), once
     * per request, right after the freeze.
     */
    private RequestOutcome atFreeze() {
        BodyPlan plan = pipeline.body();
        if (!plan.hasBarrier()) {
            return null;
        }
        BodyChunk body = barrierBody;
        barrierBody = null; // not needed after the freeze, which happens at most once
        return BoundBodyBarrier.run(plan, ctx, body);
    }

    private CompletionStage<RequestOutcome> afterBranches(int host, BranchOutcome outcome) {
        return switch (outcome) {
            case BranchOutcome.Continue c -> continueFrom(host + 1);
            case BranchOutcome.SkipTo s -> continueFrom(s.target());
            case BranchOutcome.ReEnter r -> continueFrom(r.target());
            case BranchOutcome.Terminal t -> CompletableFuture.completedFuture(terminal());
            case BranchOutcome.Stop s -> CompletableFuture.completedFuture(s.outcome());
        };
    }

    // ---- bodies (see docs/behaviour/body-access.md#access-and-delivery-modes) ----

    /** What the pipeline does with bodies: modes, limits, which filters have body hooks. */
    public BodyPlan bodyPlan() {
        return pipeline.body();
    }

    /**
     * Request headers only the pipeline's filters may set (see
     * docs/behaviour/routing-headers.md#headers-a-filter-owns), lower case.
     */
    public Set<String> ownedRequestHeaders() {
        return pipeline.ownedRequestHeaders();
    }

    /**
     * Pre-read: runs the request-body hooks over the whole body, before {@link #runRequest()}, for
     * every request-body filter whose conditions match the headers as earlier ones left them.
     * Only for pipelines whose plan {@link BodyPlan#preReads() pre-reads}.
     */
    public BodyVerdict runPreRead(BodyChunk body) {
        BodyVerdict verdict = bodyHooks().preRead(body);
        if (pipeline.body().hasBarrier() && verdict instanceof BodyVerdict.Pass pass) {
            // The edge's buffers are only lent for the hook call; the barrier runs later, maybe after
            // an asynchronous filter, so it gets bytes of its own.
            barrierBody = BodyChunk.of(pass.body().toByteArray(), true);
        }
        return verdict;
    }

    /**
     * The body a bound-upstream participant rewrote, which the edge sends in place of the pre-read
     * one (exact length), or null when none did. Read after the request phase.
     */
    public ByteBuffer rewrittenRequestBody() {
        return BoundRequestBody.rewritten(ctx).orElse(null);
    }

    /** A request body piece streaming after the request phase, through the filters that ran. */
    public BodyVerdict runRequestBody(BodyChunk piece) {
        return bodyHooks().requestPiece(piece);
    }

    /** A response body piece, in reverse order through the filters that ran and whose response_conditions match. */
    public BodyVerdict runResponseBody(BodyChunk piece) {
        return bodyHooks().responsePiece(piece);
    }

    private BodyHooks bodyHooks() {
        if (bodies == null) {
            bodies = new BodyHooks(pipeline.body(), ctx, executed);
        }
        return bodies;
    }

    /** A terminal branch forwards what was chosen so far; with no cluster there is nothing to forward (4.2). */
    private RequestOutcome terminal() {
        return ctx.cluster() != null ? finish()
                : new RequestOutcome.Reject(500, BranchEvaluator.TERMINAL_WITHOUT_RESPONSE);
    }

    private BranchEvaluator branchEvaluator() {
        if (branches == null) {
            branches = new BranchEvaluator(ctx, executed, bindingCatalog, this::atFreeze);
        }
        return branches;
    }

    private RequestOutcome finish() {
        if (ctx.upstream() != null) {
            return new RequestOutcome.Forward(ctx.upstream());
        }
        UnreadableRequest unreadable = ctx.extensions().get(UnreadableRequest.KEY).orElse(null);
        if (ctx.cluster() == null && unreadable != null) {
            // Nothing chose a cluster because the request lacks what routing reads: the client's fault.
            return new RequestOutcome.Reject(400, unreadable.reason());
        }
        return new RequestOutcome.NoUpstream(ctx.cluster() == null
                ? "no upstream selected: no filter chose a cluster"
                : "no upstream selected: no load balancer picked an endpoint for cluster " + ctx.cluster());
    }

    /**
     * Runs response hooks in reverse over the filters that ran, honouring each one's {@code
     * response_conditions}. Filters that ran in a host's branches are unwound, in reverse, just
     * before the host's own hook (see docs/behaviour/branches.md#how-branches-run). Applies to
     * upstream and local responses alike. The walk reaches each filter once per exchange: after a
     * {@link ResponseOutcome.Replace}, calling again with the replacement runs only the filters not
     * reached yet.
     */
    public ResponseOutcome runResponse(ResponseHead head) {
        if (reached == null) {
            reached = new boolean[pipeline.slotCount()];
        }
        if (pipeline.body().responseHooks()) {
            bodyHooks().responseHead(head);
        }
        for (int i = pipeline.size() - 1; i >= 0; i--) {
            if (!executed[i]) {
                continue;
            }
            ResponseOutcome outcome = unwind(pipeline.filter(i), head);
            if (outcome != null) {
                return outcome;
            }
        }
        return ResponseOutcome.PROCEED;
    }

    /** {@code f}'s branch filters in reverse, then {@code f} itself; null when none replaced the response. */
    private ResponseOutcome unwind(CompiledFilter f, ResponseHead head) {
        List<BranchSpec> branchSpecs = f.branches();
        for (int b = branchSpecs.size() - 1; b >= 0; b--) {
            List<CompiledFilter> filters = branchSpecs.get(b).filters();
            for (int j = filters.size() - 1; j >= 0; j--) {
                CompiledFilter inner = filters.get(j);
                if (executed[inner.index()]) {
                    ResponseOutcome outcome = unwind(inner, head);
                    if (outcome != null) {
                        return outcome;
                    }
                }
            }
        }
        return respond(f, head);
    }

    private ResponseOutcome respond(CompiledFilter f, ResponseHead head) {
        if (reached[f.index()]) {
            return null;
        }
        reached[f.index()] = true;
        if (!f.responseCondition().test(head)) {
            return null;
        }
        FilterAction action;
        try {
            action = f.filter().onResponse(ctx, head);
        } catch (RuntimeException e) {
            log.error("filter {} threw on response {}", f.filter().type(), ctx.requestId(), e);
            action = new FilterAction.Fail(e.toString());
        }
        return switch (action) {
            case FilterAction.Continue c -> null;
            case FilterAction.Release r -> null;
            case FilterAction.BodyDone d -> null;
            case FilterAction.Respond r -> new ResponseOutcome.Replace(r.response());
            case FilterAction.Reject r -> new ResponseOutcome.Replace(LocalResponse.jsonError(r.status(), r.reason()));
            case FilterAction.Fail fail -> onResponseFailure(f, fail.detail());
        };
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
     * request hook (branch filters after their host), in pipeline order. Only the first call does
     * anything, so every end path of the edge may call it. A throwing hook is logged and counted
     * ({@link CompiledPipeline#logHookFailures()}) and the others still run: accounting must never
     * break an exchange.
     */
    public void runLog(ExchangeSummary summary) {
        if (logged) {
            return;
        }
        logged = true;
        for (CompiledFilter f : pipeline.logHookSlots()) {
            if (!executed[f.index()]) {
                continue;
            }
            HttpFilter filter = f.filter();
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

    /**
     * Whether the filter in slot {@code index} ran its request hook in any pass (for tests and
     * access logs); branch filters have the slot numbers of {@link CompiledFilter#index()}.
     */
    public boolean executed(int index) {
        return executed[index];
    }
}
