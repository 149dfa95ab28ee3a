package io.jpraxis.core.context;

/**
 * How far a request got towards its upstream, as the edge that proxies it records it (see
 * docs/reference/filters/circuit_breaker.md#what-counts-as-a-failure): response filters read it
 * to tell an origin's answer from the gateway's own, and a failed exchange from one that never
 * left the gateway.
 */
public enum UpstreamReach {
    /** No connect attempt was made: a filter answered, or the request was refused before connecting. */
    NOT_ATTEMPTED,
    /** At least one attempt was started (a connection was being acquired), but no response head came back. */
    ATTEMPTED,
    /** The origin sent a response head; {@link RequestContext#upstreamStatus()} is its status. */
    ANSWERED
}
