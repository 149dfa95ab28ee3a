package io.jpraxis.http.exchange;

import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.execute.ResponseOutcome;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.netty.handler.codec.http.HttpResponse;
import org.slf4j.LoggerFactory;

/**
 * What becomes of an origin's {@code 101} (see docs/behaviour/websocket.md#the-101): the client
 * cannot use it, a response filter refused it, the head it leaves cannot be written, or it goes
 * to the client and opens the tunnel.
 */
sealed interface UpgradeSwitch {

    /** Not a completed WebSocket upgrade: answered 502 with {@code reason}. */
    record Unusable(String reason) implements UpgradeSwitch {
    }

    /** A response filter refused the 101: {@code replacement} goes instead, the origin's side closes. */
    record Replaced(LocalResponse replacement) implements UpgradeSwitch {
    }

    /** A response filter left a header no wire may carry. */
    record Invalid(IllegalArgumentException cause) implements UpgradeSwitch {
    }

    /** The 101 for the client; the tunnel follows it. */
    record Accepted(HttpResponse switching) implements UpgradeSwitch {
    }

    /**
     * Checks the origin's 101 against the request (one the client cannot use is logged and
     * counted), then runs the response phase on its head.
     */
    static UpgradeSwitch of(HttpResponse head, RequestInputs request) {
        String unusable = UpgradeRequests.refusedSwitch(head, request.head(), request.upgrade());
        if (unusable != null) {
            LoggerFactory.getLogger(UpgradeSwitch.class).debug("request {}: {}", request.requestId(), unusable);
            request.listener().metrics().upstreamFailure(UpstreamFailure.PROTOCOL_ERROR);
            return new Unusable(unusable);
        }
        ResponseHead view = DownstreamResponses.filterView(head);
        if (request.execution().hasResponseHooks()
                && request.execution().runResponse(view) instanceof ResponseOutcome.Replace replace) {
            return new Replaced(replace.response());
        }
        try {
            return new Accepted(UpgradeRequests.switchingHead(view, head));
        } catch (IllegalArgumentException e) {
            return new Invalid(e);
        }
    }
}
