package io.jpraxis.core.context;

import java.nio.ByteBuffer;

/**
 * A request's ordered list of alternative upstreams, each with its own cluster, credential and
 * model name, left by a filter ({@code model_failover}) for the edge (see
 * docs/behaviour/model-failover.md#how-an-attempt-fails-over). Before any byte of an answer
 * reaches the client, an attempt that ends in a failover condition sends the same request to the
 * next entry; once a response head is relayed nothing fails over, so a streamed answer streams
 * from whichever entry answered. One per request, confined to the request's event loop.
 */
public interface UpstreamFailover {
    /** Where the edge looks for the request's plan. */
    Extensions.Key<UpstreamFailover> KEY = new Extensions.Key<>("upstream_failover", UpstreamFailover.class);

    /** Whether an answer with {@code status} sends the request on to the next entry. */
    boolean failsOverOnStatus(int status);

    /** Whether a transport failure before the response head (connect, reset, no head in time) does. */
    boolean failsOverOnTransportError();

    /** How long an attempt may wait for its response head before it fails over; 0 when only the cluster's timeouts bound it. */
    long firstByteTimeoutMs();

    /**
     * The whole request body as the current entry must receive it (its own model name); null when
     * it is the body as read, unchanged.
     */
    ByteBuffer currentBody();

    /**
     * Moves the request to the next entry: {@code ctx.cluster}, the routing metadata and headers
     * and the upstream credential become that entry's, and {@code ctx.upstream} is cleared for the
     * caller to pick an endpoint of the new cluster.
     *
     * @param reason why the previous entry was left, for logs and metrics ({@code status},
     *     {@code transport_error}, {@code first_byte_timeout})
     * @return false when no entry is left (the request is unchanged)
     */
    boolean advance(RequestContext ctx, String reason);

    /** The whole request body for the current entry (after {@link #advance}): always the full bytes to send. */
    ByteBuffer body();
}
