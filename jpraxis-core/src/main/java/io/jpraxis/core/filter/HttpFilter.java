package io.jpraxis.core.filter;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.ResponseHead;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One HTTP filter instance at run time: created once per config by its factory from a valid
 * config record and shared by every request; implementations must be thread-safe and must never
 * block. What the build needs to know about the filter (body access, owned headers, traits,
 * clusters, nested pipelines, which hooks it has) is not asked of the instance: the factory
 * declares it from the config record as a {@code FilterDeclaration}. A body hook the declaration
 * asks no body for is never called; a filter that overrides {@link #onResponse} or {@link #onLog}
 * must say so there too, or the hook may never run.
 *
 * <p>A filter that needs I/O on the request path overrides {@link #isAsync()} and
 * {@link #onRequestAsync}; every other filter implements the synchronous {@link #onRequest}, which
 * the executor calls without allocating a future.
 */
public interface HttpFilter {

    /** The filter type name as written in YAML ({@code load_balancer}). */
    String type();

    /** The typed config this instance was built from (dumped by {@code jpraxis dump}). */
    Object config();

    /** Request-phase hook; runs on the event loop. */
    default FilterAction onRequest(RequestContext ctx) {
        return FilterAction.CONTINUE;
    }

    /** Whether the executor must call {@link #onRequestAsync} instead of {@link #onRequest}. */
    default boolean isAsync() {
        return false;
    }

    /** Asynchronous request hook for filters that do I/O; must not block the calling thread. */
    default CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
        return CompletableFuture.completedFuture(onRequest(ctx));
    }

    /**
     * Response-phase hook, in reverse order over the filters that ran; mutates {@code response}.
     * Declare it ({@code responseHook}): a pipeline none of whose filters declares one skips the
     * response phase.
     */
    default FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        return FilterAction.CONTINUE;
    }

    /**
     * Request body hook, synchronous, on the event loop, called only when the declaration asks
     * for the request body. In a buffered pipeline it runs once, before the request phase, over
     * the whole body (its own conditions evaluated against the headers as earlier body hooks left
     * them; not at all for a request without a body); otherwise once per piece as the body
     * streams, for filters whose request hook ran. Never called for filters inside branch
     * sub-chains.
     *
     * @return {@code Continue}, {@code Release}, {@code BodyDone} (no further pieces), {@code
     *     Reject} (the client gets its status), or {@code Fail} (per {@code failure_mode})
     */
    default FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        return FilterAction.CONTINUE;
    }

    /**
     * Bound-upstream request body hook, synchronous, on the event loop, called only when the
     * declaration asks for the body at the barrier: runs once per request, right after the
     * binding froze, in top-level order with the other participants, over the whole buffered body
     * (an empty chunk for a request without one), gated by this filter's conditions evaluated
     * then. {@link BodyChunk#replace} by a {@link BodyAccess#READ_WRITE} participant makes the
     * body that the upstream, the iterative request router and retries see.
     *
     * @return {@code Continue} (or {@code Release}/{@code BodyDone}, the same here), {@code Reject}
     *     (the client gets its status), or {@code Fail} (per {@code failure_mode})
     */
    default FilterAction onBoundUpstreamRequestBody(RequestContext ctx, BodyChunk body) {
        return FilterAction.CONTINUE;
    }

    /**
     * Response body hook, synchronous, once per piece, in reverse pipeline order over the filters
     * whose request hook ran and whose {@code response_conditions} match; called only when the
     * declaration asks for the response body. {@code Reject} or a closed {@code Fail} aborts the
     * response (its head is already out).
     */
    default FilterAction onResponseBody(RequestContext ctx, BodyChunk body) {
        return FilterAction.CONTINUE;
    }

    /**
     * Called once per exchange that this filter ran in, after the exchange ended (however it
     * ended); for logging and accounting. Called only when the declaration says the filter has a
     * log hook ({@code logHook}). Runs on the event loop, so it must not block.
     */
    default void onLog(RequestContext ctx, ExchangeSummary summary) {
    }

    /**
     * The gauges this instance publishes while its config serves (none by default); asked once when
     * the edge adopts the config.
     */
    default List<FilterGauge> gauges() {
        return List.of();
    }

    /** Called once before the first request; may start background work. */
    default void start() {
    }

    /**
     * Called once when the config is retired (shutdown, or a reload replaced it and its last
     * request has ended); releases what {@link #start()} took. Never called on an event loop, so
     * it may wait briefly (joining a thread), but it should not linger.
     */
    default void close() {
    }
}
