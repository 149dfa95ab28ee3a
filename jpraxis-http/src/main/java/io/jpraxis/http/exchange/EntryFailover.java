package io.jpraxis.http.exchange;

import io.jpraxis.core.context.ClusterPicker;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.UpstreamFailover;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;

/**
 * A {@link ProxyExchange}'s side of the request's {@link UpstreamFailover} (see
 * docs/behaviour/model-failover.md#how-an-attempt-fails-over): whether an attempt's end fails the
 * request over, and the move itself: the plan routes the request to its next entry, the load
 * balancer picks an endpoint in that entry's cluster, and the entry's body replaces what the
 * exchange would resend. Null-safe by construction: {@link #of} gives null when the request has no
 * plan, and the exchange then never asks.
 */
final class EntryFailover {
    static final String STATUS = "status";
    static final String TRANSPORT_ERROR = "transport_error";
    static final String FIRST_BYTE_TIMEOUT = "first_byte_timeout";

    private final UpstreamFailover plan;

    private EntryFailover(UpstreamFailover plan) {
        this.plan = plan;
    }

    /** The request's failover, or null when no filter left a plan. */
    static EntryFailover of(RequestContext ctx) {
        return ctx.extensions().get(UpstreamFailover.KEY).map(EntryFailover::new).orElse(null);
    }

    /** The per-attempt limit: the retry policy's, or the plan's first-byte timeout when that is shorter. */
    static Long perTryMs(Long policyMs, EntryFailover failover) {
        long firstByte = failover == null ? 0 : failover.plan.firstByteTimeoutMs();
        if (firstByte == 0) {
            return policyMs;
        }
        return policyMs == null ? firstByte : Math.min(policyMs, firstByte);
    }

    /** Whether an answer with {@code status} fails over. */
    boolean onStatus(int status) {
        return plan.failsOverOnStatus(status);
    }

    /**
     * The reason a failed attempt fails over for, or null when it does not.
     *
     * @param perTryFired the attempt's per-try limit ran out (the plan's first-byte timeout, when set)
     */
    String onFailure(boolean perTryFired) {
        if (perTryFired && plan.firstByteTimeoutMs() > 0) {
            return FIRST_BYTE_TIMEOUT;
        }
        return plan.failsOverOnTransportError() ? TRANSPORT_ERROR : null;
    }

    /** The first entry's own body, when it names the model another way, replaces the one read. */
    void useFirstBody(RequestPieces pieces) {
        ByteBuffer body = plan.currentBody();
        if (body != null) {
            pieces.replacePreRead(body);
        }
    }

    /**
     * Moves the request to its next entry with an endpoint: an entry whose cluster the balancer
     * cannot serve is passed over. The request's pieces then hold that entry's body, to be resent.
     *
     * @return the target of the next attempt, or null when no entry is left
     */
    UpstreamTarget advance(RequestContext ctx, RequestPieces pieces, String reason) {
        ClusterPicker picker = ctx.extensions().get(ClusterPicker.KEY).orElse(null);
        while (picker != null && plan.advance(ctx, reason)) {
            UpstreamTarget next = picker.pick(ctx);
            if (next != null) {
                ctx.upstream(next);
                pieces.resendWhole(Unpooled.wrappedBuffer(plan.body()));
                return next;
            }
        }
        return null;
    }
}
