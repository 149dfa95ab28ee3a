package io.jpraxis.core.filter;

import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.ResponseHead;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One HTTP filter instance, built once per config from its typed config and shared by every
 * request; implementations must be thread-safe and must never block.
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

    /** Response-phase hook, in reverse order over the filters that ran; mutates {@code response}. */
    default FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        return FilterAction.CONTINUE;
    }

    /**
     * Whether {@link #onResponse} may do anything for this instance. When no filter of a pipeline
     * has one, the edge forwards a response head without building the view filters would see.
     * The default asks whether the class overrides {@code onResponse}; a filter whose hook depends
     * on its config (a {@code headers} filter without response rules) says so itself. Called at
     * build time only.
     */
    default boolean hasResponseHook() {
        return overrides(this, "onResponse", RequestContext.class, ResponseHead.class);
    }

    /**
     * Called once per exchange that this filter ran in, after the exchange ended (however it
     * ended); for logging and accounting. Runs on the event loop, so it must not block.
     */
    default void onLog(RequestContext ctx, ExchangeSummary summary) {
    }

    /**
     * Whether this filter overrides {@link #onLog}; the end of an exchange calls only the filters
     * that do. Called at build time only.
     */
    default boolean hasLogHook() {
        return overrides(this, "onLog", RequestContext.class, ExchangeSummary.class);
    }

    /** Whether {@code filter}'s class (or a superclass) overrides the default {@code method}. */
    private static boolean overrides(HttpFilter filter, String method, Class<?>... parameters) {
        try {
            return filter.getClass().getMethod(method, parameters).getDeclaringClass() != HttpFilter.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("HttpFilter." + method + " not found", e);
        }
    }

    /**
     * Whether this filter's {@link #onRequestBody} wants the request body. With {@code NONE} (the
     * default) it is never called and its {@link #requestBodyMode()} does not count. Read at build
     * time only, as are the other three body declarations.
     */
    default BodyAccess requestBodyAccess() {
        return BodyAccess.NONE;
    }

    /** Whether this filter's {@link #onResponseBody} wants the response body ({@code NONE}: never called). */
    default BodyAccess responseBodyAccess() {
        return BodyAccess.NONE;
    }

    /**
     * How this filter wants the request body delivered: {@link BodyMode#STREAM} (the default) or a
     * {@link BodyMode.StreamBuffer}, which makes the gateway read the whole request body before
     * the request phase, so the hook can influence routing (spec 4.4, pre-read).
     */
    default BodyMode requestBodyMode() {
        return BodyMode.STREAM;
    }

    /** How this filter wants the response body delivered ({@link BodyMode#STREAM} by default). */
    default BodyMode responseBodyMode() {
        return BodyMode.STREAM;
    }

    /**
     * Request body hook, synchronous, on the event loop. In a buffered pipeline it runs once,
     * before the request phase, over the whole body (its own conditions evaluated against the
     * headers as earlier body hooks left them; not at all for a request without a body); otherwise
     * once per piece as the body streams, for filters whose request hook ran. Never called for
     * filters inside branch sub-chains.
     *
     * @return {@code Continue}, {@code Release}, {@code BodyDone} (no further pieces), {@code
     *     Reject} (the client gets its status), or {@code Fail} (per {@code failure_mode})
     */
    default FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        return FilterAction.CONTINUE;
    }

    /**
     * Whether this filter's {@link #onBoundUpstreamRequestBody} wants the request body at the
     * bound-upstream barrier (feature {@code bound-upstream-request-body}; without it the
     * declaration has no effect). A filter declaring both this and {@link #requestBodyAccess()}
     * runs its body work once: at the barrier when its gate has a {@code bound_upstream}
     * condition, else at pre-read (spec 6.7). A participant must declare a bounded
     * {@link BodyMode.StreamBuffer} {@link #requestBodyMode()}. Read at build time only.
     */
    default BodyAccess boundUpstreamRequestBodyAccess() {
        return BodyAccess.NONE;
    }

    /**
     * Bound-upstream request body hook (spec 6.7), synchronous, on the event loop: runs once per
     * request, right after the binding froze, in top-level order with the other participants, over
     * the whole buffered body (an empty chunk for a request without one), gated by this filter's
     * conditions evaluated then. {@link BodyChunk#replace} by a {@link BodyAccess#READ_WRITE}
     * participant makes the body that the upstream, the iterative request router and retries see.
     *
     * @return {@code Continue} (or {@code Release}/{@code BodyDone}, the same here), {@code Reject}
     *     (the client gets its status), or {@code Fail} (per {@code failure_mode})
     */
    default FilterAction onBoundUpstreamRequestBody(RequestContext ctx, BodyChunk body) {
        return FilterAction.CONTINUE;
    }

    /**
     * Why this instance's body work only makes sense at the bound-upstream barrier (a
     * {@code model_rewrite} rule matching the bound provider), or null. A filter saying so whose
     * effective phase is pre-read is refused at build with this reason. Called at build time only.
     */
    default String barrierOnlyReason() {
        return null;
    }

    /**
     * Matchers over the bound cluster's tags in this instance's own config ({@code model_rewrite}'s
     * rule {@code when}), checked like {@code bound_upstream} conditions: each value must be one a
     * load balancer cluster declares (decision 2). Called at build time only.
     */
    default List<TagMatcher> boundTagMatchers() {
        return List.of();
    }

    /**
     * Response body hook, synchronous, once per piece, in reverse pipeline order over the filters
     * whose request hook ran and whose {@code response_conditions} match. {@code Reject} or a closed
     * {@code Fail} aborts the response (its head is already out).
     */
    default FilterAction onResponseBody(RequestContext ctx, BodyChunk body) {
        return FilterAction.CONTINUE;
    }

    /**
     * Request headers only this filter may set (decision 13). The gateway strips client copies at
     * ingress whether or not this filter runs. Lower-case names.
     */
    default Set<String> ownedRequestHeaders() {
        return Set.of();
    }

    /**
     * For a filter that declares clusters (load balancer), each declared cluster's application
     * metadata, in config order: the source of the pipeline's cluster catalog (seed). Called at
     * build time only.
     */
    default Map<String, ClusterTags> declaredClusterTags() {
        return Map.of();
    }

    /**
     * For a filter with nested step pipelines ({@code iterative_request_router}), the names of its
     * reachable steps that read the logical binding (a bound condition, a bound load balancer), in
     * step order. Such a filter is a binding consumer (seed, "When a pipeline binds"): the binding
     * checks hold it to the same guarantee as a bound load balancer. Called at build time only.
     */
    default List<String> nestedBindingReaders() {
        return List.of();
    }

    /**
     * Every nested pipeline this filter owns (an {@code iterative_request_router}'s steps, in config
     * order), for {@code explain}. Called at build time only.
     */
    default List<NestedStep> nestedPipelines() {
        return List.of();
    }

    /**
     * The nested step pipelines behind {@link #nestedBindingReaders()}, same order, for the
     * parent's check that each serves every cluster that can reach this filter (spec 6.9, R9).
     * Called at build time only.
     */
    default List<NestedStep> nestedBindingSteps() {
        return List.of();
    }

    default Set<FilterTrait> traits() {
        return Set.of();
    }

    /**
     * For a {@link FilterTrait#SELECTS_CLUSTER} filter, every cluster it may set as
     * {@code ctx.cluster}, each once, in config order. The ordering checks hold them against the
     * load balancers' {@link #servedClusters()}. Called at build time only.
     */
    default List<String> selectableClusters() {
        return List.of();
    }

    /**
     * For a {@link FilterTrait#SELECTS_ENDPOINT} filter, the clusters it can pick endpoints of, in
     * config order. Called at build time only.
     */
    default List<String> servedClusters() {
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
