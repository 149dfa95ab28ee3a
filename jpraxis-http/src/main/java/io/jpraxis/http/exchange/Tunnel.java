package io.jpraxis.http.exchange;

import io.jpraxis.http.metrics.TunnelCounts;
import io.jpraxis.http.support.IdleDeadline;
import io.jpraxis.http.upstream.UpstreamStream;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.handler.codec.http.HttpResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A WebSocket tunnel: after the {@code 101} both connections leave HTTP and bytes flow between
 * them untouched, each way on its own (see docs/behaviour/websocket.md#the-tunnel). Nothing is
 * parsed, limited or held beyond one read per direction: a side is read only while the other can
 * take more. A side's FIN ends its direction only (the other side's output is shut down after what
 * was sent); the tunnel ends when both directions are done, when either connection closes or
 * fails, or after the idle limit of silence both ways. Both connections run on the client
 * connection's event loop, so nothing here is shared between threads.
 */
final class Tunnel {
    private static final Logger log = LoggerFactory.getLogger(Tunnel.class);

    /** How the tunnel ended, for the exchange's log line: bytes each way and whether it ended cleanly. */
    interface Outcome {
        void ended(long fromClient, long fromOrigin, boolean clean);
    }

    private final String requestId;
    private final TunnelCounts counts;
    private final Outcome outcome;
    /** How long an ended tunnel waits for a side to take what it was sent before closing it anyway. */
    private final long closeGraceMs;
    private final TunnelEnd client = new TunnelEnd(this, "client");
    private final TunnelEnd origin = new TunnelEnd(this, "origin");
    private IdleDeadline idle;
    private boolean ended;

    private Tunnel(String requestId, TunnelCounts counts, Outcome outcome, long closeGraceMs) {
        this.requestId = requestId;
        this.counts = counts;
        this.outcome = outcome;
        this.closeGraceMs = closeGraceMs;
    }

    /**
     * Switches both connections and starts relaying: the origin's connection first (what it sent
     * past its 101 waits in the tunnel), then the client's, which gets the {@code 101} before any
     * tunnelled byte.
     *
     * @param listener gives the idle limit ({@link ListenerContext#tunnelIdleTimeoutMs()}) and the counts
     */
    static void open(Downstream downstream, HttpResponse switching, UpstreamStream stream, ListenerContext listener,
            String requestId, Outcome outcome) {
        Tunnel tunnel = new Tunnel(requestId, listener.metrics().tunnels(listener.listener()), outcome,
                listener.sendTimeoutMs());
        tunnel.counts.opened();
        Long idleTimeoutMs = listener.tunnelIdleTimeoutMs();
        Channel originChannel = stream.switchProtocols(tunnel.origin);
        Channel clientChannel = downstream.switchProtocols(switching, tunnel.client);
        if (idleTimeoutMs != null) {
            tunnel.idle = new IdleDeadline(clientChannel.eventLoop(), idleTimeoutMs, tunnel::idleExpired);
            tunnel.idle.start();
        }
        log.debug("request {}: tunnel open", requestId);
        tunnel.client.attach(clientChannel, tunnel.origin);
        tunnel.origin.attach(originChannel, tunnel.client);
        tunnel.client.start();
        tunnel.origin.start();
    }

    /** Lets a FIN end one direction instead of closing the connection. */
    static void allowHalfClosure(Channel channel) {
        channel.config().setOption(ChannelOption.ALLOW_HALF_CLOSURE, true);
    }

    /** Bytes moved one way: the silence window starts again. */
    void progress() {
        if (idle != null) {
            idle.progress();
        }
    }

    /** A direction finished (its side sent FIN): the tunnel ends once both have. */
    void directionDone() {
        if (client.inputDone() && origin.inputDone()) {
            end(true);
        }
    }

    /**
     * One connection closed or failed: the other gets what it was already sent, then closes.
     *
     * @param clean false when the connection failed (a reset) rather than closed
     */
    void sideClosed(TunnelEnd side, boolean clean) {
        log.debug("request {}: {} side of the tunnel {}", requestId, side.name(), clean ? "closed" : "failed");
        end(clean);
    }

    private void idleExpired() {
        log.debug("request {}: tunnel silent both ways for its idle limit; closing", requestId);
        end(false);
    }

    private void end(boolean clean) {
        if (ended) {
            return;
        }
        ended = true;
        if (idle != null) {
            idle.cancel();
        }
        client.close(closeGraceMs);
        origin.close(closeGraceMs);
        counts.closed();
        outcome.ended(client.bytesRead(), origin.bytesRead(), clean);
    }
}
