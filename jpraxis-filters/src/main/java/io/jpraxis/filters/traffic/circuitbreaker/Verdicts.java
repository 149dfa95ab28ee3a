package io.jpraxis.filters.traffic.circuitbreaker;

import io.jpraxis.core.circuit.CircuitVerdict;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.ResponseHead;

/**
 * What one exchange says about its cluster (see
 * docs/reference/filters/circuit_breaker.md#what-counts-as-a-failure).
 */
final class Verdicts {
    // SUCCESS: any origin answer below 500. FAILURE: a 5xx from the origin, or an attempt that got
    // no response head (connect error, reset, timeout). NONE: the request never reached the upstream
    // (a later filter answered, a cluster cap refused it).

    private Verdicts() {
    }

    /**
     * The verdict of the response phase: from what the edge recorded of the upstream, not from
     * {@code head}, which later filters may have changed or replaced. An edge that records nothing
     * (the ext_proc server, whose proxy is Envoy) is judged by the head it hands over from the origin.
     */
    static CircuitVerdict of(RequestContext ctx, ResponseHead head) {
        return switch (ctx.upstreamReach()) {
            case ANSWERED -> byStatus(ctx.upstreamStatus());
            case ATTEMPTED -> CircuitVerdict.FAILURE;
            case NOT_ATTEMPTED -> head.local() ? CircuitVerdict.NONE : byStatus(head.status());
        };
    }

    /**
     * The verdict at the end of an exchange whose response phase never judged it (the client left
     * first): only an answer already received counts; a client that gave up is not the origin's fault.
     */
    static CircuitVerdict atEnd(RequestContext ctx) {
        return switch (ctx.upstreamReach()) {
            case ANSWERED -> byStatus(ctx.upstreamStatus());
            case ATTEMPTED, NOT_ATTEMPTED -> CircuitVerdict.NONE;
        };
    }

    private static CircuitVerdict byStatus(int status) {
        return status >= 500 ? CircuitVerdict.FAILURE : CircuitVerdict.SUCCESS;
    }
}
