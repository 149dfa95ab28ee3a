package io.jpraxis.http.server;

/** Where an {@link HttpGateway} is in its life; readiness probes read it. */
public enum Lifecycle {
    /** Built, listeners not bound yet. */
    STARTING,
    /** Every listener bound and accepting. */
    SERVING,
    /** Stop began: listeners no longer accept, in-flight exchanges finish. */
    DRAINING,
    /** Everything closed. */
    STOPPED
}
