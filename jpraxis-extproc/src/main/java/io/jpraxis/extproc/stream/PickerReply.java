package io.jpraxis.extproc.stream;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.picker.NoEligibleCandidate;
import io.jpraxis.core.pipeline.execute.RequestOutcome;

/** What picker mode answers once the request phase ran: the value picked, or a local answer. */
sealed interface PickerReply {

    /** The route header's value the pipeline set; ingress stripped any client copy, so it is the filter's. */
    record Picked(String value) implements PickerReply {
    }

    /** No pick: the pipeline's own answer, a refusal, or 503 when nothing was picked. */
    record Answer(LocalResponse response) implements PickerReply {
    }

    static PickerReply of(RequestOutcome outcome, RequestContext ctx, String routeHeader) {
        return switch (outcome) {
            case RequestOutcome.Respond r -> new Answer(r.response());
            case RequestOutcome.Reject r -> new Answer(ctx.extensions().get(NoEligibleCandidate.KEY).isPresent()
                    ? LocalResponse.jsonError(503, "no eligible endpoint")
                    : LocalResponse.jsonError(r.status(), r.reason()));
            case RequestOutcome.Forward f -> picked(ctx, routeHeader);
            case RequestOutcome.NoUpstream n -> picked(ctx, routeHeader);
        };
    }

    private static PickerReply picked(RequestContext ctx, String routeHeader) {
        String value = ctx.headers().get(routeHeader);
        return value == null ? new Answer(LocalResponse.jsonError(503, "no endpoint picked")) : new Picked(value);
    }
}
