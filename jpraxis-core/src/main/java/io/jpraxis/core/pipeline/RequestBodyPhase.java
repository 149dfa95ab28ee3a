package io.jpraxis.core.pipeline;

import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.HttpFilter;

/**
 * Where a filter's request-body work runs (the table (see
 * docs/behaviour/binding.md#the-bound-body-barrier)): nowhere, at pre-read ({@link
 * HttpFilter#onRequestBody}), or at the bound-upstream barrier right after the binding froze
 * ({@link HttpFilter#onBoundUpstreamRequestBody}). Exactly one per filter, so a filter declaring
 * both accesses never sees the body twice.
 */
public enum RequestBodyPhase {
    NONE, PRE_READ, BARRIER;

    /**
     * The effective phase of {@code filter}.
     *
     * @param boundCondition whether its gate (chain conditions included) has a {@code bound_upstream} predicate
     * @param hookEnabled whether feature {@code bound-upstream-request-body} is on; without it a
     *     bound-upstream declaration has no effect
     */
    public static RequestBodyPhase of(FilterDeclaration filter, boolean boundCondition, boolean hookEnabled) {
        boolean preRead = filter.requestBody().access() != BodyAccess.NONE;
        boolean bound = hookEnabled && filter.boundUpstream().bodyAccess() != BodyAccess.NONE;
        if (bound && (!preRead || boundCondition)) {
            return BARRIER;
        }
        return preRead ? PRE_READ : NONE;
    }
}
