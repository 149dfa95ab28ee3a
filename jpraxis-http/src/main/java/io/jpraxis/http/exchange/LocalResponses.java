package io.jpraxis.http.exchange;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.HopByHopHeaders;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.execute.ErrorEnvelopes;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.core.pipeline.execute.ResponseOutcome;
import io.jpraxis.http.error.ErrorResponses;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.support.HttpDate;
import io.jpraxis.http.support.NettyHeaders;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Renders responses the gateway makes itself (filter answers and errors) for the wire. */
final class LocalResponses {
    private static final Logger log = LoggerFactory.getLogger(LocalResponses.class);

    private LocalResponses() {
    }

    /** The wire form of a local answer after the response phase, dated and counted. */
    static FullHttpResponse wire(PipelineExecution execution, LocalResponse response, boolean error, String requestId,
            HttpRequest request, boolean keepAlive, ListenerContext listener) {
        Answer answer = afterResponsePhase(execution, response, error, requestId);
        FullHttpResponse wire = render(answer.head(), answer.body(), request, keepAlive, requestId, listener.metrics());
        stampDate(wire, listener.services().clock().millis());
        listener.metrics().localResponse();
        return wire;
    }

    /**
     * A wire response for {@code head}: headers a filter must not set (hop-by-hop, reserved) are
     * dropped, the length is the body's, and {@code Connection} says whether the connection stays.
     * One that cannot go on the wire becomes a 500, counted in {@code metrics}.
     */
    static FullHttpResponse render(ResponseHead head, byte[] body, HttpRequest request, boolean keepAlive,
            String requestId, EdgeMetrics metrics) {
        HeaderMap headers = head.headers();
        HopByHopHeaders.strip(headers);
        ReservedHeaders.strip(headers);
        // A HEAD answer without a body may carry the length its GET would have (an iterative
        // request router relays the origin's); every other length is the body's own.
        String headLength = request.method().equals(HttpMethod.HEAD) && body.length == 0
                ? declaredLength(headers.get("content-length")) : null;
        headers.remove("content-length");
        int code = head.status();
        HttpResponseStatus status;
        HttpHeaders out;
        try {
            status = HttpResponseStatus.valueOf(code);
            out = NettyHeaders.toNetty(headers);
        } catch (IllegalArgumentException e) {
            // A filter produced a status or header that cannot go on the wire: a filter error (500).
            log.error("local response for request {} is not valid HTTP: {}", requestId, e.getMessage());
            metrics.internalError();
            return render(internalError(requestId), ErrorResponses.json(500, "internal error", requestId).body(),
                    request, keepAlive, requestId, metrics);
        }
        boolean noBody = request.method().equals(HttpMethod.HEAD) || code < 200 || code == 204 || code == 304;
        if (code >= 200 && code != 204 && code != 304) {
            // also for HEAD (RFC 9110 9.3.2)
            out.set(HttpHeaderNames.CONTENT_LENGTH, headLength != null ? headLength : Integer.toString(body.length));
        }
        DownstreamResponses.setConnection(out, keepAlive, request.protocolVersion().equals(HttpVersion.HTTP_1_1));
        return new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                noBody ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(body), out,
                DefaultHttpHeadersFactory.trailersFactory().newEmptyHeaders());
    }

    /** How a streamed local answer goes out. */
    sealed interface Streamed {
        /** Its head for the wire, and whether the connection stays open after its body. */
        record Head(HttpResponse head, boolean keepAlive) implements Streamed {
        }

        /** A response filter put this whole answer in its place. */
        record Replaced(LocalResponse response) implements Streamed {
        }

        /** Its status (or the request's method) carries no body: this head-only answer goes instead. */
        record Whole(LocalResponse response) implements Streamed {
        }
    }

    /**
     * The head of a streamed local answer after the response phase (see
     * docs/behaviour/iterative-router.md#streamed-answers), framed as a relayed origin answer is:
     * a length the answer declares is kept (its body is that many bytes, or the stream is cut),
     * otherwise chunked (close-delimited to an HTTP/1.0 client). Throws IllegalArgumentException
     * for a status or header no wire may carry.
     */
    static Streamed streamedHead(PipelineExecution execution, LocalResponse response, HttpRequest request,
            boolean keepAliveWanted, ListenerContext listener) {
        ResponseHead head = headOf(response);
        if (execution != null && execution.runResponse(head) instanceof ResponseOutcome.Replace replace) {
            return new Streamed.Replaced(replace.response());
        }
        int code = head.status();
        if (request.method().equals(HttpMethod.HEAD) || code < 200 || code == 204 || code == 304) {
            return new Streamed.Whole(new LocalResponse(code, head.headers(), new byte[0]));
        }
        String length = declaredLength(head.headers().get("content-length"));
        HttpHeaders framing = new DefaultHttpHeaders();
        if (length != null) {
            framing.set(HttpHeaderNames.CONTENT_LENGTH, length);
        }
        HttpResponse origin = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(code), framing);
        DownstreamResponses.Built built = DownstreamResponses.build(head, origin, request, keepAliveWanted);
        if (!built.head().headers().contains(HttpHeaderNames.DATE)) {
            built.head().headers().set(HttpHeaderNames.DATE, HttpDate.format(listener.services().clock().millis()));
        }
        return new Streamed.Head(built.head(), built.keepAlive());
    }

    /** A local answer after the response phase: its head, its body, and whether it is an error (which carries the request id). */
    record Answer(ResponseHead head, byte[] body, boolean error) {
    }

    /**
     * Runs the response phase of {@code execution} (null before the pipeline began) over a local
     * answer; an error answer then carries the request id. A filter that puts another response in
     * its place hands it the rest of the phase: the filters the walk has not reached yet run on
     * the replacement, and no filter's response hook runs twice in one exchange.
     */
    static Answer afterResponsePhase(PipelineExecution execution, LocalResponse response, boolean error,
            String requestId) {
        // An error goes out in the envelope a filter chose for the request, if any (see
        // docs/behaviour/grpc.md#errors-as-grpc-statuses); response filters see it so.
        LocalResponse first = ErrorEnvelopes.apply(execution, response);
        // A filter's own error answer (a 401 of an auth filter) carries the request id as the edge's do.
        Answer answer = new Answer(headOf(first), first.body(), error || first.errorReason() != null);
        // Ends: each replacement comes from a filter the walk had not reached, and reaches it only once.
        while (execution != null && execution.runResponse(answer.head()) instanceof ResponseOutcome.Replace replace) {
            LocalResponse next = ErrorEnvelopes.apply(execution, replace.response());
            answer = new Answer(headOf(next), next.body(), replace.response().status() >= 400);
        }
        if (answer.error() && !answer.head().headers().contains(ErrorResponses.REQUEST_ID_HEADER)) {
            answer.head().headers().set(ErrorResponses.REQUEST_ID_HEADER, requestId);
        }
        return answer;
    }

    /** Dates a response the gateway is the origin of, unless a filter already did (RFC 9110 6.6.1). */
    static void stampDate(FullHttpResponse wire, long nowMillis) {
        if (!wire.headers().contains(HttpHeaderNames.DATE)) {
            wire.headers().set(HttpHeaderNames.DATE, HttpDate.format(nowMillis));
        }
    }

    /** {@code value} when it is a plain non-negative decimal length, else null. */
    static String declaredLength(String value) {
        if (value == null || value.isEmpty() || value.length() > 18) {
            return null;
        }
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return null;
            }
        }
        return value;
    }

    /** The head of a filter's (or the edge's) response, on a copy a response filter may mutate. */
    static ResponseHead headOf(LocalResponse response) {
        return new ResponseHead(response.status(), response.headers().copy(), true);
    }

    private static ResponseHead internalError(String requestId) {
        return headOf(ErrorResponses.json(500, "internal error", requestId));
    }
}
