package io.jpraxis.config.model;

import java.util.List;

/**
 * A cluster (top-level {@code clusters[]} or inline in a {@code load_balancer}).
 * Timeouts are null when unset (the transport default applies).
 *
 * @param hashHeader for {@code consistent_hash}, {@code maglev} and {@code ring_hash: {header: X}}, else null
 * @param hashSizing the {@code maglev} table and {@code ring_hash} ring sizes; never null
 * @param tiered the parameters of {@code subset}, {@code zone_aware} and {@code priority}; null for
 *     the other strategies ({@code priority} without parameters gets {@link TieredStrategy.Priority#DEFAULT})
 * @param maxConnections in-flight request cap (503 beyond it); null when unlimited
 * @param healthCheck active and passive health checking; null when off (endpoints stay healthy)
 * @param tls upstream TLS; null for plaintext
 * @param retryPolicy never null: {@link RetryPolicyConfig#LEGACY} when unset
 * @param slowStart the ramp of added and recovered endpoints; null when off
 */
public record ClusterConfig(
        String name,
        List<EndpointConfig> endpoints,
        LoadBalancerStrategy loadBalancerStrategy,
        String hashHeader,
        HashSizing hashSizing,
        TieredStrategy tiered,
        Long connectionTimeoutMs,
        Long totalConnectionTimeoutMs,
        Long readTimeoutMs,
        Long writeTimeoutMs,
        Long idleTimeoutMs,
        Integer maxConnections,
        ClusterHttpConfig http,
        HealthCheckConfig healthCheck,
        ClusterTlsConfig tls,
        RetryPolicyConfig retryPolicy,
        SourceRef source,
        SlowStartConfig slowStart) {

    public ClusterConfig {
        endpoints = List.copyOf(endpoints);
        retryPolicy = retryPolicy == null ? RetryPolicyConfig.LEGACY : retryPolicy;
        hashSizing = hashSizing == null ? HashSizing.DEFAULT : hashSizing;
        if (tiered == null && loadBalancerStrategy == LoadBalancerStrategy.PRIORITY) {
            tiered = TieredStrategy.Priority.DEFAULT;
        }
    }

    /** A cluster without slow start. */
    public ClusterConfig(String name, List<EndpointConfig> endpoints, LoadBalancerStrategy loadBalancerStrategy,
            String hashHeader, HashSizing hashSizing, TieredStrategy tiered, Long connectionTimeoutMs,
            Long totalConnectionTimeoutMs, Long readTimeoutMs, Long writeTimeoutMs, Long idleTimeoutMs,
            Integer maxConnections, ClusterHttpConfig http, HealthCheckConfig healthCheck, ClusterTlsConfig tls,
            RetryPolicyConfig retryPolicy, SourceRef source) {
        this(name, endpoints, loadBalancerStrategy, hashHeader, hashSizing, tiered, connectionTimeoutMs,
                totalConnectionTimeoutMs, readTimeoutMs, writeTimeoutMs, idleTimeoutMs, maxConnections, http,
                healthCheck, tls, retryPolicy, source, null);
    }

    /** A cluster whose strategy takes no group parameters. */
    public ClusterConfig(String name, List<EndpointConfig> endpoints, LoadBalancerStrategy loadBalancerStrategy,
            String hashHeader, HashSizing hashSizing, Long connectionTimeoutMs, Long totalConnectionTimeoutMs,
            Long readTimeoutMs, Long writeTimeoutMs, Long idleTimeoutMs, Integer maxConnections, ClusterHttpConfig http,
            HealthCheckConfig healthCheck, ClusterTlsConfig tls, RetryPolicyConfig retryPolicy, SourceRef source) {
        this(name, endpoints, loadBalancerStrategy, hashHeader, hashSizing, null, connectionTimeoutMs,
                totalConnectionTimeoutMs, readTimeoutMs, writeTimeoutMs, idleTimeoutMs, maxConnections, http,
                healthCheck, tls, retryPolicy, source);
    }

    /** A cluster with the default hash sizes. */
    public ClusterConfig(String name, List<EndpointConfig> endpoints, LoadBalancerStrategy loadBalancerStrategy,
            String hashHeader, Long connectionTimeoutMs, Long totalConnectionTimeoutMs, Long readTimeoutMs,
            Long writeTimeoutMs, Long idleTimeoutMs, Integer maxConnections, ClusterHttpConfig http,
            HealthCheckConfig healthCheck, ClusterTlsConfig tls, RetryPolicyConfig retryPolicy, SourceRef source) {
        this(name, endpoints, loadBalancerStrategy, hashHeader, HashSizing.DEFAULT, null, connectionTimeoutMs,
                totalConnectionTimeoutMs, readTimeoutMs, writeTimeoutMs, idleTimeoutMs, maxConnections, http,
                healthCheck, tls, retryPolicy, source);
    }

    /**
     * Balancing strategies (see docs/behaviour/clusters.md#cluster-settings); {@code subset},
     * {@code zone_aware} and {@code priority} take their parameters in {@link #tiered()}.
     */
    public enum LoadBalancerStrategy {
        ROUND_ROBIN, LEAST_CONNECTIONS, P2C, RANDOM, CONSISTENT_HASH, MAGLEV, RING_HASH, SUBSET, ZONE_AWARE, PRIORITY
    }
}
