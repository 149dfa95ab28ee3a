package io.jpraxis.http.exchange;

import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.http.error.EdgeError;
import io.jpraxis.http.error.ErrorResponses;
import io.jpraxis.http.upstream.UpstreamStream;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client's half of one {@link Exchange}, as its pre-read, its upstream side and a streamed
 * local answer reach it, and nothing else of the exchange: the writes to the client connection,
 * through the response encoding ({@link ClientEncoding}) and into the exchange's record, the
 * {@code 100 Continue} it owes, the start and end of a streamed local answer, and the switch to a
 * tunnel. How the exchange ends stays the exchange's. Confined to the connection's event loop, like
 * the exchange.
 */
final class ExchangeClient implements ClientSide, StreamedLocalAnswer.Ending {
    private static final Logger log = LoggerFactory.getLogger(ExchangeClient.class);

    private final Exchange exchange;
    private final Downstream downstream;
    private final ListenerContext listener;
    private final HttpRequest request;
    private final ClientEncoding encoding;
    private final ExchangeRecord record;
    private boolean continuePending; // read from the head: a 100 Continue is owed before the body is read

    ExchangeClient(Exchange exchange, Downstream downstream, ListenerContext listener, HttpRequest request,
            ClientEncoding encoding, ExchangeRecord record, boolean continuePending) {
        this.exchange = exchange;
        this.downstream = downstream;
        this.listener = listener;
        this.request = request;
        this.encoding = encoding;
        this.record = record;
        this.continuePending = continuePending;
    }

    @Override
    public void readBody() {
        if (continuePending) {
            // RFC 9110 10.1.1: the client waits for this before sending the body. Written only here,
            // for HTTP/1.1 and HTTP/2 alike (the HTTP/2 stream codec makes it a HEADERS frame).
            continuePending = false;
            downstream.write(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
            downstream.flush();
        }
        downstream.requestRead();
    }

    @Override
    public boolean keepAliveWanted() {
        // While the client is still sending, the connection cannot be reused for its next request.
        return exchange.keepAliveWanted() && exchange.requestReceived();
    }

    @Override
    public void sendHead(HttpResponse head) {
        encoding.head(exchange.context(), request, head);
        record.status(head.status().code());
        exchange.become(ExchangeState.RESPONDING);
        downstream.write(head);
    }

    @Override
    public void sendBody(HttpContent piece) {
        downstream.write(encoding.body(piece));
    }

    @Override
    public void flush() {
        downstream.flush();
    }

    @Override
    public boolean writable() {
        return downstream.isWritable();
    }

    @Override
    public void sendEnd(LastHttpContent last, boolean keepAlive) {
        exchange.finish();
        downstream.complete(encoding.last(last), keepAlive && exchange.requestReceived());
        exchange.end(true);
    }

    @Override
    public void fail(int status, String reason) {
        exchange.failResponse(status, reason);
    }

    @Override
    public void abort() {
        exchange.abortDownstream();
    }

    @Override
    public void replace(LocalResponse replacement) {
        exchange.respondLocal(replacement, replacement.status() >= 400);
    }

    @Override
    public void switchProtocols(HttpResponse switching, UpstreamStream stream) {
        downstream.eventLoop().execute(() -> { // once the origin's read is over: the switch edits its pipeline
            if (exchange.state() == ExchangeState.PROXYING) { // else the client left, or the origin failed (502), meanwhile
                record.status(switching.status().code());
                exchange.become(ExchangeState.RESPONDING);
                Tunnel.open(downstream, switching, stream, listener, exchange.requestId(), this::tunnelEnded);
            }
        });
    }

    /** The tunnel ended: the exchange ends with it, logged with its bytes each way and its whole duration. */
    private void tunnelEnded(long fromClient, long fromOrigin, boolean clean) {
        record.tunnelled(fromClient, fromOrigin);
        exchange.finish();
        exchange.upstreamSide().onDownstreamClosed(); // gives back the cluster slot; the origin's connection is closed
        exchange.end(clean);
    }

    // ---- a streamed local answer (see docs/behaviour/iterative-router.md#streamed-answers) ----

    /**
     * Sends a streamed local answer: the head after the response phase (a filter may still put a
     * whole answer in its place, and the stream is let go), then the body as it comes, relayed by a
     * {@link StreamedLocalAnswer} the exchange holds until it ends.
     */
    void respondStreamed(LocalResponse response, PipelineExecution execution, boolean keepAliveWanted) {
        LocalResponses.Streamed head;
        try {
            head = LocalResponses.streamedHead(execution, response, request, keepAliveWanted, listener);
        } catch (IllegalArgumentException e) {
            response.stream().cancel();
            log.error("streamed local response for request {} is not valid HTTP: {}", exchange.requestId(),
                    e.getMessage());
            listener.metrics().internalError();
            exchange.respondLocal(ErrorResponses.of(EdgeError.INTERNAL, exchange.requestId()), true);
            return;
        }
        switch (head) {
            case LocalResponses.Streamed.Replaced replaced -> {
                response.stream().cancel();
                exchange.respondLocal(replaced.response(), replaced.response().status() >= 400);
            }
            case LocalResponses.Streamed.Whole whole -> {
                StreamedLocalAnswer.discard(response.stream()); // a bodiless status: nothing of the stream can go out
                exchange.respondLocal(whole.response(), false);
            }
            case LocalResponses.Streamed.Head start -> {
                listener.metrics().localResponse();
                sendHead(start.head());
                StreamedLocalAnswer answer = new StreamedLocalAnswer(response.stream(), this, downstream.eventLoop(),
                        exchange.requestId(), start.keepAlive(), this);
                exchange.streamedStarted(answer); // held before the first pull, which may end it at once
                answer.start();
            }
        }
    }


    @Override
    public void completed(long bytes, boolean keepAlive) {
        exchange.streamedOver();
        record.localBody(bytes);
        sendEnd(LastHttpContent.EMPTY_LAST_CONTENT, keepAlive);
    }

    @Override
    public void cut(long bytes) {
        exchange.streamedOver();
        record.localBody(bytes);
        exchange.finish();
        downstream.abortAfterWrites(); // the last piece still goes out before the cut
        exchange.end(false);
    }
}
