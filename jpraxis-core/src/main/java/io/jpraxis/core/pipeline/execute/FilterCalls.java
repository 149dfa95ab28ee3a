package io.jpraxis.core.pipeline.execute;

import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.CompiledFilter;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Calls a filter's request hook and turns what it decided into the outcome that stops the walk,
 * the same way for top-level filters and for filters in branch sub-chains.
 */
final class FilterCalls {
    private static final Logger log = LoggerFactory.getLogger(PipelineExecution.class);
    /**
     * Sent to the client for a closed filter failure; the detail goes to the log only (see
     * docs/behaviour/request-lifecycle.md#error-bodies).
     */
    static final String FILTER_ERROR = "internal filter error";

    private FilterCalls() {
    }

    /** Runs a synchronous request hook; a thrown exception is a filter failure, not a crash. */
    static FilterAction request(HttpFilter filter, RequestContext ctx) {
        try {
            return filter.onRequest(ctx);
        } catch (RuntimeException e) {
            // A filter bug is still a filter failure: failure_mode decides, and the cause is logged.
            log.error("filter {} threw on request {}", filter.type(), ctx.requestId(), e);
            return new FilterAction.Fail(e.toString());
        }
    }

    /** Starts an asynchronous request hook; a failed stage (or a throw) completes as a filter failure. */
    static CompletableFuture<FilterAction> requestAsync(HttpFilter filter, RequestContext ctx) {
        CompletableFuture<FilterAction> stage;
        try {
            stage = filter.onRequestAsync(ctx).toCompletableFuture();
        } catch (RuntimeException e) {
            log.error("filter {} threw on request {}", filter.type(), ctx.requestId(), e);
            return CompletableFuture.completedFuture(new FilterAction.Fail(e.toString()));
        }
        CompletableFuture<FilterAction> settled =
                stage.handle((action, error) -> error != null ? new FilterAction.Fail(String.valueOf(error)) : action);
        Executor home = ctx.requestThread();
        if (home == null || settled.isDone()) {
            return settled;
        }
        // A stage completed by an I/O client's thread (a key-set fetch) resumes the walk on the
        // request's own thread: filters keep their event-loop confinement.
        return settled.thenApplyAsync(action -> action, home);
    }

    /**
     * The outcome that stops the walk, or null to go on (Continue, or a failure under failure_mode
     * open). Release and BodyDone mean nothing outside body hooks and go on too (see
     * docs/behaviour/request-lifecycle.md#the-request-phase).
     */
    static RequestOutcome stopping(CompiledFilter f, FilterAction action, RequestContext ctx) {
        return switch (action) {
            case FilterAction.Continue c -> null;
            case FilterAction.Release r -> null;
            case FilterAction.BodyDone d -> null;
            case FilterAction.Respond r -> new RequestOutcome.Respond(r.response());
            case FilterAction.Reject r -> new RequestOutcome.Reject(r.status(), r.reason());
            case FilterAction.Fail fail -> onFailure(f, fail, ctx);
        };
    }

    private static RequestOutcome onFailure(CompiledFilter f, FilterAction.Fail fail, RequestContext ctx) {
        String detail = fail.detail();
        if (f.failureMode() == FailureMode.OPEN) {
            log.warn("filter {} failed open on request {}: {}", f.filter().type(), ctx.requestId(), detail);
            return null;
        }
        log.error("filter {} failed on request {}: {}", f.filter().type(), ctx.requestId(), detail);
        return new RequestOutcome.Reject(fail.status(), reason(fail.status()));
    }

    /** What the client reads for a closed failure: its status's reason phrase, never the detail. */
    private static String reason(int status) {
        return switch (status) {
            case 502 -> "bad gateway";
            case 503 -> "service unavailable";
            case 504 -> "gateway timeout";
            default -> FILTER_ERROR;
        };
    }
}
