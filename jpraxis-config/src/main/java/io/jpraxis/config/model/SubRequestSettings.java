package io.jpraxis.config.model;

/**
 * How sub-requests (iterative_request_router steps, http_callout) reach their upstreams: {@code
 * runtime.subrequest_max_connections}, {@code subrequest_pool_size} and {@code
 * subrequest_circuit_breaker} (see docs/behaviour/config-loading.md#runtime-settings).
 *
 * @param maxConnections sub-request exchanges in flight at once across the process; null for no cap
 * @param poolSize idle sub-request connections kept per endpoint and event loop; 0 keeps none
 * @param circuitBreaker the per-endpoint breaker of sub-requests; null for none
 */
public record SubRequestSettings(Integer maxConnections, int poolSize, SubRequestCircuitBreaker circuitBreaker) {
    /** Praxis's default idle pool of the sub-request connector. */
    public static final int DEFAULT_POOL_SIZE = 128;
    public static final SubRequestSettings DEFAULT = new SubRequestSettings(null, DEFAULT_POOL_SIZE, null);

    /**
     * {@code runtime.subrequest_circuit_breaker}: each sub-request endpoint's circuit opens after
     * {@code consecutiveFailures} transport failures in a row, stays open {@code recoveryWindowSecs},
     * then lets one probe through, which fails if it has no outcome within {@code halfOpenTimeoutSecs}.
     */
    public record SubRequestCircuitBreaker(int consecutiveFailures, long recoveryWindowSecs, long halfOpenTimeoutSecs) {
        public static final long DEFAULT_HALF_OPEN_TIMEOUT_SECS = 30;
    }
}
