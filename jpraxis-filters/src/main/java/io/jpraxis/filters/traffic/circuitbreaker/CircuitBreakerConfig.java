package io.jpraxis.filters.traffic.circuitbreaker;

import java.util.List;

/**
 * The {@code circuit_breaker} filter's config (see docs/reference/filters/circuit_breaker.md#what-it-does).
 *
 * @param clusters one breaker per listed cluster, in config order; names are unique
 */
public record CircuitBreakerConfig(List<ClusterPolicy> clusters) {

    public CircuitBreakerConfig {
        clusters = List.copyOf(clusters);
    }

    /**
     * The breaker of one cluster.
     *
     * @param name the cluster, as a router selects it
     * @param consecutiveFailures failures in a row that open the circuit
     * @param recoveryWindowSecs how long an open circuit refuses before it admits one probe
     * @param halfOpenTimeoutSecs how long a probe may go without an outcome before the circuit re-opens
     */
    public record ClusterPolicy(String name, long consecutiveFailures, long recoveryWindowSecs,
            long halfOpenTimeoutSecs) {
    }
}
