package io.jpraxis.config.dump;

import io.jpraxis.config.model.AdminConfig;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.model.InsecureOptions.SkipCheck;
import io.jpraxis.config.model.ListenerConfig;
import io.jpraxis.config.model.LoggingConfig;
import io.jpraxis.config.model.MetricsConfig;
import io.jpraxis.config.model.MetricsConfig.MetricLabel;
import io.jpraxis.config.model.RouteTemplate;
import io.jpraxis.config.model.RuntimeConfig;
import io.jpraxis.config.model.SubRequestSettings;
import io.jpraxis.config.model.TelemetryConfig;
import io.jpraxis.config.read.Scalars;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link GatewayConfig} as ordered maps in Praxis's YAML shape, defaults written out. Keys
 * whose absence means something other than null ({@code body_limits} ceilings,
 * {@code upstream_keepalive_pool_size}) are written even when null; other nulls are left out.
 */
final class DumpTree {
    private final FilterDumpTree filters;

    DumpTree(FilterDumpTree filters) {
        this.filters = filters;
    }

    Map<String, Object> gateway(GatewayConfig c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("listeners", c.listeners().stream().map(DumpTree::listener).toList());
        out.put("filter_chains", c.filterChains().stream().map(filters::chain).toList());
        out.put("clusters", c.clusters().stream().map(ClusterDumpTree::cluster).toList());
        out.put("admin", admin(c.admin()));
        out.put("body_limits", bodyLimits(c.bodyLimits()));
        out.put("runtime", runtime(c.runtime()));
        out.put("metrics", metrics(c.metrics()));
        out.put("shutdown_timeout_secs", c.shutdownTimeoutSecs());
        if (c.telemetry() != null) {
            out.put("telemetry", telemetry(c.telemetry()));
        }
        out.put("insecure_options", insecure(c.insecureOptions()));
        return out;
    }

    static Map<String, Object> listener(ListenerConfig l) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", l.name());
        out.put("address", l.address().render());
        out.put("protocol", Scalars.yamlName(l.protocol()));
        out.put("filter_chains", l.filterChains());
        putIfSet(out, "max_connections", l.maxConnections());
        putIfSet(out, "downstream_read_timeout_ms", l.downstreamReadTimeoutMs());
        putIfSet(out, "downstream_keepalive_timeout_ms", l.downstreamKeepaliveTimeoutMs());
        if (l.tls() != null) {
            out.put("tls", ListenerTlsDumpTree.tls(l.tls()));
        }
        return out;
    }

    private static Map<String, Object> admin(AdminConfig a) {
        Map<String, Object> out = new LinkedHashMap<>();
        putIfSet(out, "address", a.address() == null ? null : a.address().render());
        putIfSet(out, "metrics_address", a.metricsAddress() == null ? null : a.metricsAddress().render());
        out.put("verbose", a.verbose());
        return out;
    }

    private static Map<String, Object> bodyLimits(BodyLimits b) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("max_request_bytes", b.maxRequestBytes()); // null = unbounded, so it is written
        out.put("max_response_bytes", b.maxResponseBytes());
        return out;
    }

    private static Map<String, Object> runtime(RuntimeConfig r) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("threads", r.threads());
        out.put("upstream_keepalive_pool_size", r.upstreamKeepalivePoolSize()); // null = pooling off
        putIfSet(out, "max_connections", r.maxConnections());
        putIfSet(out, "max_open_files", r.maxOpenFiles());
        putIfSet(out, "subrequest_max_connections", r.subrequestMaxConnections());
        out.put("subrequest_pool_size", r.subrequests().poolSize());
        SubRequestSettings.SubRequestCircuitBreaker breaker = r.subrequests().circuitBreaker();
        if (breaker != null) {
            Map<String, Object> block = new LinkedHashMap<>();
            block.put("consecutive_failures", breaker.consecutiveFailures());
            block.put("recovery_window_secs", breaker.recoveryWindowSecs());
            block.put("half_open_timeout_secs", breaker.halfOpenTimeoutSecs());
            out.put("subrequest_circuit_breaker", block);
        }
        putIfSet(out, "max_memory_bytes", r.overload().maxMemoryBytes());
        out.put("shed_on_fd_pressure", r.overload().shedOnFdPressure());
        putIfSet(out, "upstream_ca_file", r.upstreamCaFile());
        if (!r.logOverrides().isEmpty()) {
            Map<String, Object> levels = new LinkedHashMap<>();
            r.logOverrides().forEach((module, level) -> levels.put(module, Scalars.yamlName(level)));
            out.put("log_overrides", levels);
        }
        LoggingConfig logging = r.logging();
        if (logging != null) {
            Map<String, Object> block = new LinkedHashMap<>();
            block.put("output", Scalars.yamlName(logging.output()));
            putIfSet(block, "file_path", logging.filePath() == null ? null : logging.filePath().toString());
            block.put("non_blocking", logging.nonBlocking());
            block.put("buffer_size", logging.bufferLines());
            out.put("logging", block);
        }
        return out;
    }

    private static Map<String, Object> metrics(MetricsConfig m) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("filter_duration", m.filterDuration());
        // In enum order, so a dump does not depend on the set's iteration order.
        out.put("labels", Map.of("disabled", Arrays.stream(MetricLabel.values()).filter(l -> !m.labels(l))
                .map(Scalars::yamlName).toList()));
        out.put("route_templates", m.routeTemplates().stream().map(RouteTemplate::template).toList());
        return out;
    }

    /** Header names only, each with a placeholder: the values are credentials (docs/behaviour/tracing.md). */
    private static Map<String, Object> telemetry(TelemetryConfig t) {
        Map<String, Object> out = new LinkedHashMap<>();
        putIfSet(out, "otlp_endpoint", t.otlpEndpoint());
        if (!t.otlpHeaders().isEmpty()) {
            Map<String, Object> headers = new LinkedHashMap<>();
            t.otlpHeaders().keySet().stream().sorted().forEach(name -> headers.put(name, PlainValues.REDACTED));
            out.put("otlp_headers", headers);
        }
        putIfSet(out, "sampling_rate", t.samplingRate());
        putIfSet(out, "service_name", t.serviceName());
        putIfSet(out, "service_version", t.serviceVersion());
        putIfSet(out, "environment", t.environment());
        out.put("batch_interval_secs", t.batchIntervalSecs());
        out.put("batch_size", t.batchSize());
        return out;
    }

    private static Map<String, Object> insecure(InsecureOptions o) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("allow_open_security_filters", o.allowOpenSecurityFilters());
        out.put("allow_private_endpoints", o.allowPrivateEndpoints());
        out.put("allow_private_health_checks", o.allowPrivateHealthChecks());
        out.put("allow_private_upstreams", o.allowPrivateUpstreams());
        out.put("allow_public_admin", o.allowPublicAdmin());
        out.put("allow_root", o.allowRoot());
        out.put("allow_tls_no_verify", o.allowTlsNoVerify());
        out.put("allow_tls_without_sni", o.allowTlsWithoutSni());
        out.put("allow_unbounded_body", o.allowUnboundedBody());
        out.put("csrf_log_only", o.csrfLogOnly());
        Map<String, Object> skips = new LinkedHashMap<>();
        for (SkipCheck check : SkipCheck.values()) {
            skips.put(Scalars.yamlName(check), o.skipPipelineChecks().contains(check));
        }
        out.put("skip_pipeline_checks", skips);
        out.put("skip_pipeline_validation", o.skipPipelineValidation());
        return out;
    }

    static void putIfSet(Map<String, Object> out, String key, Object value) {
        if (value != null && !(value instanceof List<?> l && l.isEmpty())) {
            out.put(key, value);
        }
    }
}
