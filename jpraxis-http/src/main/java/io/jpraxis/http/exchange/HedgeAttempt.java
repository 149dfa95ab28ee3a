package io.jpraxis.http.exchange;

import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.upstream.UpstreamConnector;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.jpraxis.http.upstream.UpstreamLease;
import io.jpraxis.http.upstream.UpstreamLease.AttemptOutcome;
import io.jpraxis.http.upstream.UpstreamStream;
import io.jpraxis.http.upstream.UpstreamStreamListener;
import io.jpraxis.http.tracing.ClientSpan;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.Locale;

/**
 * One attempt of a hedged request (see docs/behaviour/hedging.md#the-race): acquires a stream to
 * its endpoint, sends the whole buffered request, and reports its answer's head to the
 * {@link Race}. Only the winner goes on: it buffers the body (up to a bound) and reports the end.
 * A cancelled attempt closes its stream or drops its pending acquisition: its connection is never
 * pooled half-used. Counts itself in flight on its endpoint while it runs ({@link UpstreamLease},
 * without a cluster slot: the race holds the one slot). Confined to the exchange's event loop.
 */
final class HedgeAttempt implements UpstreamConnector.AcquireCallback, UpstreamStreamListener {

    /** What an attempt reports to the race it runs in. */
    interface Race {
        /** The origin's head below 500 arrived: true when this attempt won; false, and it is cancelled. */
        boolean answered(HedgeAttempt attempt, HttpResponse head);

        /**
         * The attempt failed before winning, or its answer was a 5xx ({@code failure} null): it is
         * over; {@code why} says how, for the log.
         */
        void failed(HedgeAttempt attempt, UpstreamFailure failure, String why);

        /**
         * The winner's body broke ({@code failure}) or grew over the bound ({@code failure} null)
         * after its head: the race can only fail.
         */
        void brokeAfterWin(HedgeAttempt attempt, UpstreamFailure failure);

        /** The winner's whole answer is in: {@link #takeBody()}. */
        void completed(HedgeAttempt attempt);
    }

    private final Race race;
    private final UpstreamTarget target;
    private final HttpRequest upstreamHead;
    /** The whole request body (retained for this attempt), or null without a body. */
    private final ByteBuf requestBody;
    private final UpstreamLease lease;
    private final long maxResponseBytes;
    private final ClientSpan span; // null when tracing is off
    private UpstreamStream stream;
    private HttpResponse head;
    private CompositeByteBuf body;
    private LastHttpContent last;
    private boolean over;

    HedgeAttempt(Race race, UpstreamTarget target, HttpRequest upstreamHead, ByteBuf requestBody,
            long maxResponseBytes, ClientSpan span) {
        this.span = span;
        this.race = race;
        this.target = target;
        this.upstreamHead = upstreamHead;
        this.requestBody = requestBody;
        this.maxResponseBytes = maxResponseBytes;
        this.lease = new UpstreamLease(target.clusterState());
    }

    UpstreamTarget target() {
        return target;
    }

    /** The winner's head, once it arrived. */
    HttpResponse head() {
        return head;
    }

    /** Whether the winner's connection may serve another exchange. */
    boolean reusable() {
        return head != null && HttpUtil.isKeepAlive(head);
    }

    /** Starts the attempt: counts it in flight and asks for a stream (the callback may run at once). */
    void start(UpstreamConnector connector, EventLoop loop) {
        lease.beginAttempt(target.endpointState());
        connector.acquire(target, loop, false, this);
    }

    @Override
    public void onAcquired(UpstreamStream acquired) {
        if (over) {
            acquired.abort(); // cancelled while connecting
            return;
        }
        stream = acquired;
        stream.bind(this);
        stream.write(upstreamHead);
        if (over) {
            return; // the stream failed on the way
        }
        ByteBuf piece = requestBody == null ? Unpooled.EMPTY_BUFFER : requestBody.retainedDuplicate();
        stream.write(new DefaultLastHttpContent(piece));
        if (over) {
            return;
        }
        stream.requestSent();
        stream.flush();
        stream.read();
    }

    @Override
    public void onAcquireFailed(UpstreamFailure failure) {
        if (!over) {
            fail(failure, failure.name().toLowerCase(Locale.ROOT));
        }
    }

    @Override
    public void onResponseHead(HttpResponse response) {
        if (over) {
            return;
        }
        int status = response.status().code();
        ClientSpan.answered(span, status);
        if (status >= 500 || status == 101) { // a 101 without an offer is an origin's error
            lease.endAttempt(AttemptOutcome.FAILURE);
            abortStream();
            fail(null, "status " + status);
            return;
        }
        head = response;
        lease.endAttempt(AttemptOutcome.SUCCESS);
        if (!race.answered(this, response)) {
            ClientSpan.end(span);
            return; // another attempt won first; this one was cancelled
        }
        body = Unpooled.compositeBuffer(Integer.MAX_VALUE);
        stream.read();
    }

    @Override
    public void onResponseContent(HttpContent content) {
        if (over || body == null) {
            content.release();
            return;
        }
        if (body.readableBytes() + (long) content.content().readableBytes() > maxResponseBytes) {
            content.release();
            over = true;
            abortStream();
            ClientSpan.failed(span, "response_too_large");
            race.brokeAfterWin(this, null);
            return;
        }
        if (content.content().isReadable()) {
            body.addComponent(true, content.content().retain());
        }
        if (content instanceof LastHttpContent piece) {
            last = new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER, piece.trailingHeaders());
            content.release();
            over = true;
            ClientSpan.end(span);
            race.completed(this);
            return;
        }
        content.release();
        stream.read();
    }

    @Override
    public void onReadComplete() {
        // Nothing to flush downstream: the answer goes out whole once it is in.
    }

    @Override
    public void onWritable() {
        // The whole request went in one write; nothing waits for the stream to drain.
    }

    @Override
    public void onFailure(UpstreamFailure failure) {
        if (over) {
            return;
        }
        stream = null; // already closed
        if (body != null) {
            over = true;
            ClientSpan.failed(span, failure.name().toLowerCase(Locale.ROOT));
            race.brokeAfterWin(this, failure);
            return;
        }
        fail(failure, failure.name().toLowerCase(Locale.ROOT));
    }

    private void fail(UpstreamFailure failure, String why) {
        over = true;
        ClientSpan.failed(span, why);
        lease.endAttempt(AttemptOutcome.FAILURE);
        race.failed(this, failure, why);
    }

    /** The winner's body (the caller owns it) with the origin's trailers as an empty last piece's. */
    LastHttpContent takeBody() {
        CompositeByteBuf whole = body;
        body = null;
        LastHttpContent out = new DefaultLastHttpContent(whole, last.trailingHeaders());
        last = null;
        return out;
    }

    /** Hands the winner's connection back: pooled when the origin keeps it, else closed. */
    void finish() {
        if (stream == null) {
            return;
        }
        if (reusable()) {
            stream.release();
        } else {
            stream.abort();
        }
        stream = null;
    }

    /** Stops the attempt whatever its state: the stream (if any) is closed, never pooled. */
    void cancel() {
        over = true;
        ClientSpan.end(span); // a copy the race no longer needs: ended, not failed
        lease.endAttempt(AttemptOutcome.NOT_JUDGED);
        abortStream();
        releaseBody();
    }

    private void abortStream() {
        UpstreamStream s = stream;
        stream = null;
        if (s != null) {
            s.abort();
        }
    }

    private void releaseBody() {
        if (body != null) {
            body.release();
            body = null;
        }
    }

    boolean over() {
        return over;
    }
}
