package io.jpraxis.config.model;

/**
 * Process runtime settings.
 *
 * @param threads event-loop threads, 0 = one per core
 * @param upstreamKeepalivePoolSize idle upstream connections kept per endpoint and thread; null disables pooling
 * @param maxConnections process-wide downstream connection cap, null = none
 */
public record RuntimeConfig(int threads, Integer upstreamKeepalivePoolSize, Integer maxConnections) {
    public static final int DEFAULT_KEEPALIVE_POOL = 64;
    public static final RuntimeConfig DEFAULT = new RuntimeConfig(0, DEFAULT_KEEPALIVE_POOL, null);
}
