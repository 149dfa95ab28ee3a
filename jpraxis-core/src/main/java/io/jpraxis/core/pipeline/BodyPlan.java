package io.jpraxis.core.pipeline;

import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import java.util.List;
import java.util.Set;

/**
 * What one pipeline does with bodies, decided once at compile (see
 * docs/behaviour/body-access.md#access-and-delivery-modes): each direction's mode after the global
 * {@code body_limits}, the byte count the edge enforces, and the top-level filters whose body hooks
 * run. Branch filters never get body hooks.
 *
 * @param request the request mode: {@link BodyMode.SizeLimit} (or an uncounted {@link
 *     BodyMode.Stream} when {@code body_limits} is null) when no filter wants the body; a
 *     {@link BodyMode.StreamBuffer}, always bounded here, makes the edge read the whole body
 *     before the request phase (pre-read)
 * @param requestLimit the most request body bytes the edge lets through (413 beyond), or null
 * @param responseLimit the most response body bytes the edge relays (abort beyond), or null
 * @param requestFilters top-level filters whose request-body work runs at pre-read, in pipeline order
 * @param responseFilters top-level filters declaring response-body access, in pipeline order
 * @param conditionedHeaders lower-case header names some request condition of the pipeline reads:
 *     two pre-read filters may not promote different values to one of them (see
 *     docs/behaviour/conditions.md#request-conditions)
 * @param barrierFilters top-level filters whose request-body work runs at the bound-upstream
 *     barrier (see docs/behaviour/binding.md#the-bound-body-barrier), in pipeline order; their
 *     modes count in {@code request} like the others
 * @param boundBodyHook whether feature {@code bound-upstream-request-body} is on for this build
 */
public record BodyPlan(
        BodyMode request,
        BodyMode response,
        Long requestLimit,
        Long responseLimit,
        List<CompiledFilter> requestFilters,
        List<CompiledFilter> responseFilters,
        Set<String> conditionedHeaders,
        List<CompiledFilter> barrierFilters,
        boolean boundBodyHook) {

    public BodyPlan {
        barrierFilters = List.copyOf(barrierFilters);
        requestFilters = List.copyOf(requestFilters);
        responseFilters = List.copyOf(responseFilters);
        conditionedHeaders = Set.copyOf(conditionedHeaders);
    }

    /** A plan without bound-upstream body participants. */
    public BodyPlan(BodyMode request, BodyMode response, Long requestLimit, Long responseLimit,
            List<CompiledFilter> requestFilters, List<CompiledFilter> responseFilters, Set<String> conditionedHeaders) {
        this(request, response, requestLimit, responseLimit, requestFilters, responseFilters, conditionedHeaders,
                List.of(), false);
    }

    /** Whether filters run at the bound-upstream barrier, so the pre-read body is kept until the freeze. */
    public boolean hasBarrier() {
        return !barrierFilters.isEmpty();
    }

    /** Whether the edge reads the whole request body before the request phase. */
    public boolean preReads() {
        return request instanceof BodyMode.StreamBuffer;
    }

    /** Whether request body pieces pass through hooks as they stream (after the request phase). */
    public boolean streamsRequestHooks() {
        return !preReads() && !requestFilters.isEmpty();
    }

    /** Whether response body pieces pass through hooks. */
    public boolean responseHooks() {
        return !responseFilters.isEmpty();
    }

    /** Whether the response body is withheld until a hook releases it or it ends. */
    public boolean buffersResponse() {
        return response instanceof BodyMode.StreamBuffer;
    }

    /** Whether a streaming request hook may change the body (so its length is not known up front). */
    public boolean requestRewritable() {
        return streamsRequestHooks() && writes(requestFilters, true);
    }

    /** Whether a response hook may change the body (so the origin's length cannot be passed on). */
    public boolean responseRewritable() {
        return writes(responseFilters, false);
    }

    private static boolean writes(List<CompiledFilter> filters, boolean request) {
        for (CompiledFilter f : filters) {
            BodyAccess access = request ? f.declaration().requestBody().access() : f.declaration().responseBody().access();
            if (access == BodyAccess.READ_WRITE) {
                return true;
            }
        }
        return false;
    }
}
