package io.jpraxis.core.pipeline.execute;

import io.jpraxis.core.context.FilterResults;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.BodyPlan;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one request's body hooks (see docs/behaviour/body-access.md#access-and-delivery-modes): at
 * pre-read over every request-body filter whose conditions match; afterwards only for top-level
 * filters whose request hook ran, each until it says {@code BodyDone}. Results a filter publishes
 * at pre-read are kept for it until its request hook runs, so its branches can fire on them (see
 * docs/behaviour/branches.md#filter-results).
 */
final class BodyHooks {
    private static final Logger log = LoggerFactory.getLogger(BodyHooks.class);

    private final BodyPlan plan;
    private final RequestContext ctx;
    private final boolean[] executed;
    private boolean[] requestDone;
    private boolean[] responseDone;
    /** Per top-level index: results published at pre-read, until the filter's request hook runs. */
    private FilterResults[] preReadResults;
    private ResponseHead responseHead;

    BodyHooks(BodyPlan plan, RequestContext ctx, boolean[] executed) {
        this.plan = plan;
        this.ctx = ctx;
        this.executed = executed;
    }

    /** The pre-read pass over the whole request body, before the request phase. */
    BodyVerdict preRead(BodyChunk body) {
        PromotionGuard guard = PromotionGuard.of(plan.conditionedHeaders(), ctx.headers());
        BodyChunk current = body;
        boolean release = false;
        for (CompiledFilter f : plan.requestFilters()) {
            if (!f.condition().test(ctx)) {
                continue; // conditions see the headers as earlier pre-read filters left them (see docs/behaviour/conditions.md#request-conditions)
            }
            Call call = call(f, current, true);
            keepResults(f.index());
            if (guard != null && !guard.check(f.filter().type(), ctx.headers())) {
                return new BodyVerdict.Stop(new RequestOutcome.Reject(500, FilterCalls.FILTER_ERROR));
            }
            RequestOutcome stop = stopping(f, call.action());
            if (stop != null) {
                return new BodyVerdict.Stop(stop);
            }
            release |= call.action() instanceof FilterAction.Release;
            current = call.body();
        }
        return new BodyVerdict.Pass(current, release);
    }

    /** A request body piece streaming after the request phase (pipelines that do not pre-read). */
    BodyVerdict requestPiece(BodyChunk piece) {
        if (requestDone == null) {
            requestDone = new boolean[executed.length];
        }
        return run(plan.requestFilters(), piece, true, requestDone);
    }

    /** A response body piece, through the response-body filters in reverse order. */
    BodyVerdict responsePiece(BodyChunk piece) {
        if (responseDone == null) {
            responseDone = new boolean[executed.length];
        }
        List<CompiledFilter> filters = plan.responseFilters().reversed();
        return run(filters, piece, false, responseDone);
    }

    /** The head the response phase produced: response_conditions gate body hooks on it. */
    void responseHead(ResponseHead head) {
        this.responseHead = head;
    }

    /** Puts back what filter {@code index} published at pre-read, just before its request hook runs. */
    void restoreResults(int index) {
        if (preReadResults != null && preReadResults[index] != null) {
            ctx.results().putAll(preReadResults[index]);
            preReadResults[index] = null; // a re-entrance must not find stale results again (see docs/behaviour/branches.md#how-branches-run)
        }
    }

    private BodyVerdict run(List<CompiledFilter> filters, BodyChunk piece, boolean request, boolean[] done) {
        BodyChunk current = piece;
        boolean release = false;
        for (CompiledFilter f : filters) {
            int i = f.index();
            if (!executed[i] || done[i] || (!request && responseHead != null && !f.responseCondition().test(responseHead))) {
                continue;
            }
            Call call = call(f, current, request);
            ctx.results().clear(); // no branch reads results a body hook publishes after the request phase
            RequestOutcome stop = switch (call.action()) {
                case FilterAction.Continue c -> null;
                case FilterAction.BodyDone d -> {
                    done[i] = true;
                    yield null;
                }
                case FilterAction.Release r -> {
                    release = true;
                    yield null;
                }
                case FilterAction.Respond r -> stopping(f, r);
                case FilterAction.Reject r -> stopping(f, r);
                case FilterAction.Fail fail -> stopping(f, fail);
            };
            if (stop != null) {
                return new BodyVerdict.Stop(stop);
            }
            current = call.body();
        }
        return new BodyVerdict.Pass(current, release);
    }

    private record Call(FilterAction action, BodyChunk body) {
    }

    /** Calls one hook on a view of its own; a replacement by a filter that may only read is a failure. */
    private Call call(CompiledFilter f, BodyChunk current, boolean request) {
        HttpFilter filter = f.filter();
        BodyChunk view = current.view();
        FilterAction action;
        try {
            action = request ? filter.onRequestBody(ctx, view) : filter.onResponseBody(ctx, view);
        } catch (RuntimeException e) {
            log.error("filter {} threw on a {} body of request {}", filter.type(), request ? "request" : "response",
                    ctx.requestId(), e);
            return new Call(new FilterAction.Fail(e.toString()), current);
        }
        BodyChunk replaced = view.replaced();
        if (replaced == null) {
            return new Call(action, current);
        }
        BodyAccess access = request ? f.declaration().requestBody().access() : f.declaration().responseBody().access();
        if (access != BodyAccess.READ_WRITE) {
            return new Call(new FilterAction.Fail("replaced a body it declared " + access), current);
        }
        return new Call(action, replaced);
    }

    private RequestOutcome stopping(CompiledFilter f, FilterAction action) {
        return FilterCalls.stopping(f, action, ctx);
    }

    private void keepResults(int index) {
        if (ctx.results().isEmpty()) {
            return;
        }
        if (preReadResults == null) {
            preReadResults = new FilterResults[executed.length];
        }
        preReadResults[index] = ctx.results().copy();
        ctx.results().clear();
    }
}
