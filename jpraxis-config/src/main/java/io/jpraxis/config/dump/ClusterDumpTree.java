package io.jpraxis.config.dump;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterConfig.LoadBalancerStrategy;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.ClusterTlsConfig;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.HealthCheckConfig;
import io.jpraxis.config.model.RetryCondition;
import io.jpraxis.config.model.RetryPolicyConfig;
import io.jpraxis.config.model.TieredStrategy;
import io.jpraxis.config.read.Scalars;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A cluster as ordered maps in Praxis's shape, defaults written out, for top-level clusters and
 * the inline clusters of {@code load_balancer} alike. Reading the dump back gives the same record.
 */
public final class ClusterDumpTree {
    private ClusterDumpTree() {
    }

    static Map<String, Object> cluster(ClusterConfig c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", c.name());
        out.put("endpoints", c.endpoints().stream().map(ClusterDumpTree::endpoint).toList());
        out.put("load_balancer_strategy", strategy(c));
        DumpTree.putIfSet(out, "connection_timeout_ms", c.connectionTimeoutMs());
        DumpTree.putIfSet(out, "total_connection_timeout_ms", c.totalConnectionTimeoutMs());
        DumpTree.putIfSet(out, "read_timeout_ms", c.readTimeoutMs());
        DumpTree.putIfSet(out, "write_timeout_ms", c.writeTimeoutMs());
        DumpTree.putIfSet(out, "idle_timeout_ms", c.idleTimeoutMs());
        DumpTree.putIfSet(out, "max_connections", c.maxConnections());
        out.put("http", http(c.http() == null ? ClusterHttpConfig.NONE : c.http()));
        if (c.healthCheck() != null) {
            out.put("health_check", healthCheck(c.healthCheck()));
        }
        if (c.tls() != null) {
            out.put("tls", tls(c.tls()));
        }
        if (!RetryPolicyConfig.LEGACY.equals(c.retryPolicy())) {
            // The legacy policy is what an absent block means; writing it would change nothing.
            out.put("retry_policy", retryPolicy(c.retryPolicy()));
        }
        if (c.slowStart() != null) {
            Map<String, Object> slowStart = new LinkedHashMap<>();
            slowStart.put("window_ms", c.slowStart().windowMs());
            slowStart.put("aggression", c.slowStart().aggression());
            out.put("slow_start", slowStart);
        }
        return out;
    }

    private static Object endpoint(EndpointConfig e) {
        if (e.weight() == 1 && !e.hasPlacement()) {
            return e.address().render();
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("address", e.address().render());
        out.put("weight", e.weight());
        if (!e.metadata().isEmpty()) {
            out.put("metadata", e.metadata());
        }
        if (e.priority() != 0) {
            out.put("priority", e.priority());
        }
        DumpTree.putIfSet(out, "zone", e.zone());
        return out;
    }

    private static Object strategy(ClusterConfig c) {
        String name = Scalars.yamlName(c.loadBalancerStrategy());
        Map<String, Object> params = new LinkedHashMap<>();
        LoadBalancerStrategy s = c.loadBalancerStrategy();
        if (s == LoadBalancerStrategy.CONSISTENT_HASH || s == LoadBalancerStrategy.MAGLEV
                || s == LoadBalancerStrategy.RING_HASH) {
            DumpTree.putIfSet(params, "header", c.hashHeader());
        }
        if (s == LoadBalancerStrategy.MAGLEV) {
            params.put("table_size", c.hashSizing().maglevTableSize());
        } else if (s == LoadBalancerStrategy.RING_HASH) {
            params.put("virtual_nodes", c.hashSizing().ringVirtualNodes());
        }
        if (c.tiered() != null) {
            return Map.of(name, tiered(c.tiered()));
        }
        return params.isEmpty() ? name : Map.of(name, params);
    }

    private static Map<String, Object> tiered(TieredStrategy t) {
        Map<String, Object> out = new LinkedHashMap<>();
        switch (t) {
            case TieredStrategy.Subset s -> {
                out.put("selector", s.selector());
                out.put("inner_strategy", Scalars.yamlName(s.inner()));
                out.put("fallback_policy", Scalars.yamlName(s.fallback()));
            }
            case TieredStrategy.ZoneAware z -> {
                out.put("local_zone", z.localZone());
                out.put("inner_strategy", Scalars.yamlName(z.inner()));
                out.put("min_local_healthy_pct", z.minLocalHealthyPct());
            }
            case TieredStrategy.Priority p -> {
                out.put("inner_strategy", Scalars.yamlName(p.inner()));
                out.put("overprovisioning_factor", p.overprovisioningFactor());
            }
        }
        return out;
    }

    private static Map<String, Object> http(ClusterHttpConfig h) {
        Map<String, Object> out = new LinkedHashMap<>();
        DumpTree.putIfSet(out, "authority", h.authority());
        if (h.authorityFromEndpoint()) {
            out.put("authority", Map.of("from", "endpoint"));
        }
        out.put("version", Scalars.yamlName(h.version()));
        DumpTree.putIfSet(out, "application_protocol", h.applicationProtocol());
        DumpTree.putIfSet(out, "application_provider", h.applicationProvider());
        return out;
    }

    private static Map<String, Object> healthCheck(HealthCheckConfig h) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("type", Scalars.yamlName(h.type()));
        out.put("path", h.path());
        out.put("expected_status", h.expectedStatus());
        out.put("interval_ms", h.intervalMs());
        out.put("timeout_ms", h.timeoutMs());
        out.put("healthy_threshold", h.healthyThreshold());
        out.put("unhealthy_threshold", h.unhealthyThreshold());
        DumpTree.putIfSet(out, "passive_unhealthy_threshold", h.passiveUnhealthyThreshold());
        DumpTree.putIfSet(out, "passive_healthy_threshold", h.passiveHealthyThreshold());
        if (h.grpcService() != null && !h.grpcService().isEmpty()) {
            out.put("grpc_service", h.grpcService());
        }
        return out;
    }

    /** A cluster {@code tls} block in its YAML shape (also the shape of filters that take one). */
    public static Map<String, Object> tls(ClusterTlsConfig t) {
        Map<String, Object> out = new LinkedHashMap<>();
        DumpTree.putIfSet(out, "sni", t.sni());
        out.put("verify", t.verify());
        if (t.caPath() != null) {
            out.put("ca", Map.of("ca_path", t.caPath()));
        }
        if (t.clientCertPath() != null) {
            Map<String, Object> cert = new LinkedHashMap<>();
            cert.put("cert_path", t.clientCertPath());
            cert.put("key_path", t.clientKeyPath());
            out.put("client_cert", cert);
        }
        return out;
    }

    private static Map<String, Object> retryPolicy(RetryPolicyConfig p) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("max_retries", p.maxRetries());
        out.put("retriable_conditions", p.conditions().stream().map(RetryCondition::yamlName).toList());
        if (!p.retriableStatusCodes().isEmpty()) {
            out.put("retriable_status_codes", p.retriableStatusCodes());
        }
        DumpTree.putIfSet(out, "per_try_timeout_ms", p.perTryTimeoutMs());
        DumpTree.putIfSet(out, "request_timeout_ms", p.requestTimeoutMs());
        if (p.backoff() != null) {
            Map<String, Object> backoff = new LinkedHashMap<>();
            backoff.put("base_interval_ms", p.backoff().baseIntervalMs());
            backoff.put("max_interval_ms", p.backoff().maxIntervalMs());
            out.put("backoff", backoff);
        }
        if (p.budget() != null) {
            Map<String, Object> budget = new LinkedHashMap<>();
            budget.put("percent", p.budget().percent());
            budget.put("min_retries_per_second", p.budget().minRetriesPerSecond());
            out.put("retry_budget", budget);
        }
        out.put("retry_body_limit_bytes", p.retryBodyLimitBytes());
        out.put("allow_non_idempotent", p.allowNonIdempotent());
        return out;
    }
}
