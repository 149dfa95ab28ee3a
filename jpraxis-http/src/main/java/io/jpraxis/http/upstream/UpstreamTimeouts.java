package io.jpraxis.http.upstream;

import io.jpraxis.config.model.ClusterConfig;

/**
 * A cluster's transport timeouts with the edge's defaults filled in (the cluster settings leave
 * them to the transport, see docs/behaviour/clusters.md#cluster-settings; ours are chosen so a dead
 * origin never holds a client for long).
 *
 * @param connectMs TCP handshake ({@code connection_timeout_ms}, capped by {@code total_connection_timeout_ms})
 * @param readMs silence allowed between reads once the request is sent ({@code read_timeout_ms})
 * @param writeMs how long a full outbound buffer may stay full ({@code write_timeout_ms})
 * @param idleMs how long a pooled connection may sit unused ({@code idle_timeout_ms})
 * @param setupMs TCP plus TLS handshake together ({@code total_connection_timeout_ms}); when unset,
 *     the TLS handshake gets {@link #DEFAULT_TLS_HANDSHAKE_MS} after the TCP connect
 */
public record UpstreamTimeouts(long connectMs, long readMs, long writeMs, long idleMs, long setupMs) {
    public static final long DEFAULT_CONNECT_MS = 5_000;
    public static final long DEFAULT_READ_MS = 60_000;
    public static final long DEFAULT_WRITE_MS = 60_000;
    public static final long DEFAULT_IDLE_MS = 60_000;
    public static final long DEFAULT_TLS_HANDSHAKE_MS = 10_000;

    public static UpstreamTimeouts of(ClusterConfig cluster) {
        long connect = orDefault(cluster.connectionTimeoutMs(), DEFAULT_CONNECT_MS);
        long setup = connect + DEFAULT_TLS_HANDSHAKE_MS;
        if (cluster.totalConnectionTimeoutMs() != null && cluster.totalConnectionTimeoutMs() > 0) {
            // The total budget covers the TCP handshake too, so it also caps the connect alone.
            setup = cluster.totalConnectionTimeoutMs();
            connect = Math.min(connect, setup);
        }
        return new UpstreamTimeouts(connect, orDefault(cluster.readTimeoutMs(), DEFAULT_READ_MS),
                orDefault(cluster.writeTimeoutMs(), DEFAULT_WRITE_MS), orDefault(cluster.idleTimeoutMs(), DEFAULT_IDLE_MS),
                setup);
    }

    /** What is left of {@link #setupMs} for the TLS handshake after the TCP connect took {@code elapsedMs}. */
    public long handshakeMs(long elapsedMs) {
        return Math.max(1, setupMs - elapsedMs);
    }

    private static long orDefault(Long value, long fallback) {
        return value == null || value <= 0 ? fallback : value;
    }
}
