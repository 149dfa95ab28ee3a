package io.jpraxis.http.exchange;

import io.jpraxis.core.context.RouteHedgePolicy;
import io.jpraxis.core.http.GrpcContentType;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.upstream.Reselector;
import io.jpraxis.core.upstream.UpstreamTarget;
import java.util.Locale;

/**
 * Whether a request is hedged (see docs/behaviour/hedging.md#when-a-request-is-hedged): its route
 * has a {@code hedge_policy} for the cluster it goes to, with more than one attempt; the method is
 * idempotent (RFC 9110 9.2.2) and not CONNECT; it offers no {@code Upgrade}; it is not gRPC and
 * does not ask for {@code text/event-stream}; a load balancer chose its endpoint (so it can choose
 * others); and no request-body filter streams over its body (the hedge sends one buffered body).
 */
final class HedgeEligibility {
    private HedgeEligibility() {
    }

    /** The policy the request runs under, or null when it goes as one plain exchange. */
    static RouteHedgePolicy policyFor(RequestInputs request, UpstreamTarget target) {
        RouteHedgePolicy hedge = RouteHedgePolicy.forTarget(request.context(), target).orElse(null);
        if (hedge == null || !hedge.policy().hedges()) {
            return null;
        }
        String method = request.head().method().name();
        HeaderMap headers = request.context().headers();
        boolean eligible = AttemptRetries.isIdempotent(method)
                && !request.upgrade() && !headers.contains("upgrade")
                && !GrpcContentType.isGrpc(headers.get("content-type"))
                && !asksForEventStream(headers)
                && target.reselector() != Reselector.NONE
                && !request.execution().bodyPlan().streamsRequestHooks();
        return eligible ? hedge : null;
    }

    /** Whether some {@code Accept} line names {@code text/event-stream} (a stream is never raced). */
    static boolean asksForEventStream(HeaderMap headers) {
        for (String accept : headers.getAll("accept")) {
            if (accept.toLowerCase(Locale.ROOT).contains("text/event-stream")) {
                return true;
            }
        }
        return false;
    }
}
