package io.jpraxis.core.pipeline.execute;

import io.jpraxis.core.binding.BoundRequestBody;
import io.jpraxis.core.context.FilterResults;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.BodyPlan;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.nio.ByteBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bound-upstream request-body barrier (see docs/behaviour/binding.md#the-bound-body-barrier):
 * right after the binding froze, the participants run once, in top-level order, over the whole
 * buffered body, each gated by its own conditions evaluated then (a later filter's header or result
 * is not there yet; no upstream is selected, so a {@code selected_upstream} predicate fails). A
 * read-write participant's replacement becomes the request's body ({@link BoundRequestBody}),
 * checked against the request body limit (413); a read-only one works on a view and replacing it is
 * a filter failure. Runs on the request's thread, synchronously, inside the binding router's step.
 */
final class BoundBodyBarrier {
    private static final Logger log = LoggerFactory.getLogger(BoundBodyBarrier.class);
    /** The reason of a rewritten body over the limit; the edges use the same words for 413. */
    static final String TOO_LARGE = "request body too large";

    private BoundBodyBarrier() {
    }

    /**
     * Runs the participants of {@code plan} over {@code body}; null to go on, else the outcome that
     * ends the request.
     *
     * @param body the buffered body as pre-read left it, or null when the request had none (the
     *     participants then see an empty chunk, and a replacement of it is not sent)
     */
    static RequestOutcome run(BodyPlan plan, RequestContext ctx, BodyChunk body) {
        // The binding router's own results are still in the context for its branches: keep them apart.
        FilterResults hostResults = ctx.results().isEmpty() ? null : ctx.results().copy();
        ctx.results().clear();
        try {
            return runParticipants(plan, ctx, body);
        } finally {
            ctx.results().clear(); // a participant's results have no branch to fire (see docs/behaviour/branches.md#filter-results)
            if (hostResults != null) {
                ctx.results().putAll(hostResults);
            }
        }
    }

    private static RequestOutcome runParticipants(BodyPlan plan, RequestContext ctx, BodyChunk body) {
        BodyChunk current = body == null ? BodyChunk.empty() : body;
        boolean rewritten = false;
        for (CompiledFilter f : plan.barrierFilters()) {
            if (!f.condition().test(ctx)) {
                continue;
            }
            HttpFilter filter = f.filter();
            BodyChunk view = current.view();
            FilterAction action;
            try {
                action = filter.onBoundUpstreamRequestBody(ctx, view);
            } catch (RuntimeException e) {
                log.error("filter {} threw on the bound-upstream body of request {}", filter.type(), ctx.requestId(), e);
                action = new FilterAction.Fail(e.toString());
            }
            BodyChunk replaced = view.replaced();
            if (replaced != null && f.declaration().boundUpstream().bodyAccess() != BodyAccess.READ_WRITE) {
                action = new FilterAction.Fail("replaced a bound-upstream body it declared "
                        + f.declaration().boundUpstream().bodyAccess());
            } else if (replaced != null && body == null) {
                log.debug("request {}: {} replaced an absent body at the bound-upstream barrier; the request "
                        + "still goes without one", ctx.requestId(), filter.type());
            } else if (replaced != null) {
                current = replaced;
                rewritten = true;
            }
            RequestOutcome stop = FilterCalls.stopping(f, action, ctx);
            if (stop != null) {
                return stop;
            }
        }
        if (!rewritten) {
            return null;
        }
        Long limit = plan.requestLimit();
        if (limit != null && current.length() > limit) {
            log.debug("request {}: body rewritten at the bound-upstream barrier to {} bytes, over the {}-byte limit",
                    ctx.requestId(), current.length(), limit);
            return new RequestOutcome.Reject(413, TOO_LARGE);
        }
        BoundRequestBody.set(ctx, ByteBuffer.wrap(current.toByteArray()).asReadOnlyBuffer());
        return null;
    }
}
