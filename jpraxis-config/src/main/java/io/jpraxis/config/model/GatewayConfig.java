package io.jpraxis.config.model;

import java.util.List;
import java.util.Optional;

/** The whole config file, with defaults applied. */
public record GatewayConfig(
        List<ListenerConfig> listeners,
        List<FilterChainConfig> filterChains,
        List<ClusterConfig> clusters,
        BodyLimits bodyLimits,
        AdminConfig admin,
        RuntimeConfig runtime,
        InsecureOptions insecureOptions,
        int shutdownTimeoutSecs,
        MetricsConfig metrics,
        TelemetryConfig telemetry) {

    public static final int DEFAULT_SHUTDOWN_TIMEOUT_SECS = 30;

    /** @param telemetry the {@code telemetry} block, or null when absent (tracing off) */
    public GatewayConfig {
        metrics = metrics == null ? MetricsConfig.DEFAULT : metrics;
        listeners = List.copyOf(listeners);
        filterChains = List.copyOf(filterChains);
        clusters = List.copyOf(clusters);
    }

    /** A config without a {@code telemetry} block. */
    public GatewayConfig(List<ListenerConfig> listeners, List<FilterChainConfig> filterChains,
            List<ClusterConfig> clusters, BodyLimits bodyLimits, AdminConfig admin, RuntimeConfig runtime,
            InsecureOptions insecureOptions, int shutdownTimeoutSecs, MetricsConfig metrics) {
        this(listeners, filterChains, clusters, bodyLimits, admin, runtime, insecureOptions, shutdownTimeoutSecs,
                metrics, null);
    }

    /** A config with the default {@code metrics} block. */
    public GatewayConfig(List<ListenerConfig> listeners, List<FilterChainConfig> filterChains,
            List<ClusterConfig> clusters, BodyLimits bodyLimits, AdminConfig admin, RuntimeConfig runtime,
            InsecureOptions insecureOptions, int shutdownTimeoutSecs) {
        this(listeners, filterChains, clusters, bodyLimits, admin, runtime, insecureOptions, shutdownTimeoutSecs,
                MetricsConfig.DEFAULT, null);
    }

    public Optional<FilterChainConfig> chain(String name) {
        for (FilterChainConfig chain : filterChains) { // a plain loop: called once per listener's chain
            if (chain.name().equals(name)) {
                return Optional.of(chain);
            }
        }
        return Optional.empty();
    }
}
