package io.jpraxis.http.exchange;

import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.execute.ResponseOutcome;
import io.jpraxis.http.error.EdgeError;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the winner of a hedge race as one terminal response (see
 * docs/behaviour/hedging.md#the-answer): its head goes through the response phase of the filters
 * that ran, its whole body through the response body hooks and limit ({@link ResponseFlow}), and
 * only then does anything reach the client, so a refused body is still a clean 502. Confined to
 * the exchange's event loop.
 */
final class HedgeAnswer {
    private static final Logger log = LoggerFactory.getLogger(HedgeAnswer.class);

    private final ClientSide client;
    private final RequestInputs request;
    private final ResponseFlow flow;

    HedgeAnswer(ClientSide client, RequestInputs request) {
        this.client = client;
        this.request = request;
        this.flow = new ResponseFlow(request);
    }

    /** Sends {@code head} with {@code body} (ownership passes here); the race is already over. */
    void send(HttpResponse head, LastHttpContent body) {
        try {
            DownstreamResponses.Built built;
            try {
                built = responseHead(head, client.keepAliveWanted());
            } catch (IllegalArgumentException e) {
                body.release();
                log.error("request {}: response head for the client is not valid HTTP: {}", request.requestId(),
                        e.getMessage());
                request.listener().metrics().internalError();
                client.fail(EdgeError.INTERNAL.status(), EdgeError.INTERNAL.reason());
                return;
            }
            if (built == null) {
                body.release(); // a response filter answered instead
                return;
            }
            HttpContent[] out = flow.accept(body);
            if (out == null) {
                client.fail(502, flow.refusal());
                return;
            }
            client.sendHead(built.head());
            for (HttpContent piece : out) {
                if (piece instanceof LastHttpContent last) {
                    client.sendEnd(last, built.keepAlive());
                    return;
                }
                client.sendBody(piece);
            }
            client.sendEnd(LastHttpContent.EMPTY_LAST_CONTENT, built.keepAlive());
        } finally {
            flow.close();
        }
    }

    /** The head for the client, through the response phase; null when a filter replaced the answer (sent). */
    private DownstreamResponses.Built responseHead(HttpResponse head, boolean keepAliveWanted) {
        if (!request.execution().hasResponseHooks()) {
            return DownstreamResponses.direct(head, request.head(), keepAliveWanted);
        }
        ResponseHead view = DownstreamResponses.filterView(head);
        if (request.execution().runResponse(view) instanceof ResponseOutcome.Replace replace) {
            client.replace(replace.response());
            return null;
        }
        return DownstreamResponses.build(view, head, request.head(), keepAliveWanted,
                request.execution().bodyPlan().responseRewritable());
    }

    /** Response body bytes received from the winner. */
    long bytes() {
        return flow.bytes();
    }

    /** Frees what the answer holds when the race ends without one. */
    void close() {
        flow.close();
    }
}
