package io.jpraxis.core.pipeline.execute;

import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.upstream.UpstreamTarget;

/**
 * How the request phase ended; the edge (HTTP server, ext_proc) maps it to a response. Handled
 * with an exhaustive {@code switch}.
 */
public sealed interface RequestOutcome permits RequestOutcome.Forward, RequestOutcome.Respond,
        RequestOutcome.Reject, RequestOutcome.NoUpstream {

    /** Proxy the request to {@code target} (also in {@code ctx.upstream()}). */
    record Forward(UpstreamTarget target) implements RequestOutcome {
    }

    /** A filter answered; send this response (after the response phase). */
    record Respond(LocalResponse response) implements RequestOutcome {
    }

    /** Refused: answer {@code status} with a JSON error naming {@code reason}. */
    record Reject(int status, String reason) implements RequestOutcome {
    }

    /**
     * The pipeline finished without selecting an endpoint (a router with no load balancer, a
     * terminal branch with nothing selected). The HTTP edge answers 500 (see
     * docs/behaviour/request-lifecycle.md#no-endpoint-selected).
     */
    record NoUpstream(String reason) implements RequestOutcome {
    }
}
