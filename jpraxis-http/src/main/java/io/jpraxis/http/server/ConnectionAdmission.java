package io.jpraxis.http.server;

import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.overload.OverloadReason;
import io.netty.channel.Channel;
import io.netty.util.AttributeKey;

/**
 * One client connection's place under the connection caps (see
 * docs/behaviour/http-edge.md#connection-caps-and-keep-alive): the process-wide {@code
 * runtime.max_connections} and the listener's {@code max_connections}. A connection beyond either
 * is still served, but each of its requests (or HTTP/2 streams) is answered 503 with {@code
 * Retry-After: 1}. Confined to the connection's event loop.
 */
final class ConnectionAdmission {
    /** Set on connections beyond a cap, for the HTTP/2 streams that answer them 503. */
    private static final AttributeKey<Boolean> OVER_CAPACITY = AttributeKey.valueOf("jpraxis.overCapacity");

    private final ConnectionRegistry registry;
    private final ConnectionGate gate;
    private final EdgeMetrics metrics;
    private boolean admitted;

    ConnectionAdmission(ConnectionRegistry registry, ConnectionGate gate, EdgeMetrics metrics) {
        this.registry = registry;
        this.gate = gate;
        this.metrics = metrics;
    }

    /** Registers a connection that just opened and takes its place; false (and counted) when over a cap. */
    boolean admit(Channel connection) {
        boolean withinProcessCap = registry.register(connection);
        admitted = gate.tryAcquire(withinProcessCap);
        if (!admitted) {
            metrics.rejectedConnection();
            registry.overload().rejected(withinProcessCap ? OverloadReason.LISTENER_CONNECTIONS
                    : OverloadReason.GLOBAL_CONNECTIONS);
            connection.attr(OVER_CAPACITY).set(true);
        }
        return admitted;
    }

    /**
     * Whether a new request of this connection may run: the connection is within the caps and the
     * process is not shedding (see docs/behaviour/http-edge.md#overload-shedding).
     */
    boolean admitsRequest() {
        return admitted && registry.overload().shedRequest() == null;
    }

    /** Gives the place back when the connection closes; a second call does nothing. */
    void release() {
        if (admitted) {
            admitted = false;
            gate.release();
        }
    }

    /** Whether {@code connection} (an HTTP/2 stream's parent) was admitted under the caps. */
    static boolean admitted(Channel connection) {
        return !Boolean.TRUE.equals(connection.attr(OVER_CAPACITY).get());
    }
}
