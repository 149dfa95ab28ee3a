package io.jpraxis.config.model;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Process runtime settings.
 *
 * @param threads event-loop threads, 0 = one per core
 * @param upstreamKeepalivePoolSize idle upstream connections kept per endpoint and thread; null disables pooling
 * @param maxConnections process-wide downstream connection cap, null = none
 * @param logOverrides {@code runtime.log_overrides}: module path as written ({@code praxis_filter::pipeline})
 *     to level, sorted by module path (see docs/behaviour/log-overrides.md)
 * @param logging {@code runtime.logging}; null: diagnostics on stderr, access lines on stdout
 * @param maxOpenFiles {@code runtime.max_open_files}: the soft open-file limit to set at start
 *     (clamped to the hard limit); null keeps the JVM's, which raises the soft limit to the hard one
 * @param subrequests the {@code runtime.subrequest_*} settings
 * @param overload {@code runtime.max_memory_bytes} and {@code shed_on_fd_pressure}
 * @param upstreamCaFile {@code runtime.upstream_ca_file}: the PEM bundle verifying clusters without
 *     their own {@code tls.ca.ca_path}, in place of the JVM's trust store; null keeps that store
 */
public record RuntimeConfig(int threads, Integer upstreamKeepalivePoolSize, Integer maxConnections,
        SortedMap<String, LogLevel> logOverrides, LoggingConfig logging, Long maxOpenFiles,
        SubRequestSettings subrequests, OverloadSettings overload, String upstreamCaFile) {
    public static final int DEFAULT_KEEPALIVE_POOL = 64;
    public static final RuntimeConfig DEFAULT = new RuntimeConfig(0, DEFAULT_KEEPALIVE_POOL, null);

    public RuntimeConfig {
        logOverrides = Collections.unmodifiableSortedMap(new TreeMap<>(logOverrides));
        subrequests = subrequests == null ? SubRequestSettings.DEFAULT : subrequests;
        overload = overload == null ? OverloadSettings.DEFAULT : overload;
    }

    /** Settings with the default sub-request, overload and trust settings but for the sub-request cap. */
    public RuntimeConfig(int threads, Integer upstreamKeepalivePoolSize, Integer maxConnections,
            SortedMap<String, LogLevel> logOverrides, LoggingConfig logging, Long maxOpenFiles,
            Integer subrequestMaxConnections) {
        this(threads, upstreamKeepalivePoolSize, maxConnections, logOverrides, logging, maxOpenFiles,
                new SubRequestSettings(subrequestMaxConnections, SubRequestSettings.DEFAULT_POOL_SIZE, null), null,
                null);
    }

    /** {@code runtime.subrequest_max_connections}; null for no cap. */
    public Integer subrequestMaxConnections() {
        return subrequests.maxConnections();
    }

    /** Settings without log overrides. */
    public RuntimeConfig(int threads, Integer upstreamKeepalivePoolSize, Integer maxConnections) {
        this(threads, upstreamKeepalivePoolSize, maxConnections, new TreeMap<>(Map.of()));
    }

    /** Settings without an open-file limit of their own. */
    public RuntimeConfig(int threads, Integer upstreamKeepalivePoolSize, Integer maxConnections,
            SortedMap<String, LogLevel> logOverrides, LoggingConfig logging) {
        this(threads, upstreamKeepalivePoolSize, maxConnections, logOverrides, logging, null, null);
    }

    /** Settings with the default log output. */
    public RuntimeConfig(int threads, Integer upstreamKeepalivePoolSize, Integer maxConnections,
            SortedMap<String, LogLevel> logOverrides) {
        this(threads, upstreamKeepalivePoolSize, maxConnections, logOverrides, null);
    }
}
