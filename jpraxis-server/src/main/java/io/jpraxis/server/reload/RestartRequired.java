package io.jpraxis.server.reload;

import io.jpraxis.config.model.AdminConfig;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.ListenerConfig;
import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.MetricsConfig.MetricLabel;
import io.jpraxis.config.model.RouteTemplate;
import io.jpraxis.config.model.RuntimeConfig;
import io.jpraxis.config.read.Scalars;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Which differences between the serving config and a new one a reload cannot apply (listener
 * add/remove/rebind, protocol and TLS need a restart; see
 * docs/behaviour/reload.md#what-needs-a-restart). They are settled when sockets, event loops and
 * the resolver are created, so a reload that carries any of them is refused as a whole and the
 * serving config stays: serving half of a file would leave the process running a config that no
 * file describes.
 *
 * <p>Reloadable: every listener's {@code filter_chains}, all of {@code filter_chains},
 * {@code clusters}, {@code body_limits}, {@code shutdown_timeout_secs} and every
 * {@code insecure_options} flag except {@code allow_private_upstreams}. Needs a restart: listeners
 * added, removed or renamed, and any other listener key ({@code address}, {@code protocol},
 * {@code max_connections}, {@code downstream_read_timeout_ms},
 * {@code downstream_keepalive_timeout_ms}, {@code tls}); {@code admin}; {@code runtime};
 * {@code metrics.labels} and {@code metrics.route_templates} ({@code metrics.filter_duration} reloads);
 * {@code telemetry};
 * {@code insecure_options.allow_private_upstreams} (the resolver's guard is built at startup).
 */
final class RestartRequired {
    private RestartRequired() {
    }

    /** One line per change that needs a restart, in config order; empty when the reload may apply. */
    static List<String> between(GatewayConfig serving, GatewayConfig next) {
        List<String> reasons = new ArrayList<>();
        listeners(serving, next, reasons);
        admin(orDisabled(serving.admin()), orDisabled(next.admin()), reasons);
        RuntimeConfig before = orDefault(serving.runtime());
        RuntimeConfig after = orDefault(next.runtime());
        changed(reasons, "runtime.threads", before.threads(), after.threads());
        changed(reasons, "runtime.upstream_keepalive_pool_size", before.upstreamKeepalivePoolSize(),
                after.upstreamKeepalivePoolSize());
        changed(reasons, "runtime.max_connections", before.maxConnections(), after.maxConnections());
        changed(reasons, "runtime.log_overrides", before.logOverrides(), after.logOverrides());
        changed(reasons, "runtime.logging", before.logging(), after.logging());
        changed(reasons, "runtime.max_open_files", before.maxOpenFiles(), after.maxOpenFiles());
        changed(reasons, "runtime.subrequest_max_connections", before.subrequestMaxConnections(),
                after.subrequestMaxConnections());
        changed(reasons, "runtime.subrequest_pool_size", before.subrequests().poolSize(), after.subrequests().poolSize());
        changed(reasons, "runtime.subrequest_circuit_breaker", before.subrequests().circuitBreaker(),
                after.subrequests().circuitBreaker());
        changed(reasons, "runtime.max_memory_bytes", before.overload().maxMemoryBytes(),
                after.overload().maxMemoryBytes());
        changed(reasons, "runtime.shed_on_fd_pressure", before.overload().shedOnFdPressure(),
                after.overload().shedOnFdPressure());
        changed(reasons, "runtime.upstream_ca_file", before.upstreamCaFile(), after.upstreamCaFile());
        // The edge reads these once when it starts; filter_duration applies to the filters each reload builds.
        changed(reasons, "metrics.labels.disabled", disabled(serving), disabled(next));
        changed(reasons, "metrics.route_templates", templates(serving), templates(next));
        // The tracer provider and its exporter are built once; the block holds credentials, so no values are shown.
        if (!Objects.equals(serving.telemetry(), next.telemetry())) {
            reasons.add("telemetry: changed (applied at startup only)");
        }
        changed(reasons, "insecure_options.allow_private_upstreams", serving.insecureOptions().allowPrivateUpstreams(),
                next.insecureOptions().allowPrivateUpstreams());
        return reasons;
    }

    private static void listeners(GatewayConfig serving, GatewayConfig next, List<String> reasons) {
        Map<String, ListenerConfig> before = byName(serving);
        Map<String, ListenerConfig> after = byName(next);
        for (ListenerConfig old : before.values()) {
            if (!after.containsKey(old.name())) {
                reasons.add("listeners: '" + old.name() + "' removed (unbinding a listener needs a restart)");
            }
        }
        for (ListenerConfig now : after.values()) {
            ListenerConfig old = before.get(now.name());
            if (old == null) {
                reasons.add("listeners: '" + now.name() + "' added (binding a listener needs a restart)");
                continue;
            }
            String at = "listeners['" + now.name() + "'].";
            changed(reasons, at + "address", old.address(), now.address());
            changed(reasons, at + "protocol", old.protocol(), now.protocol());
            changed(reasons, at + "max_connections", old.maxConnections(), now.maxConnections());
            changed(reasons, at + "downstream_read_timeout_ms", old.downstreamReadTimeoutMs(),
                    now.downstreamReadTimeoutMs());
            changed(reasons, at + "downstream_keepalive_timeout_ms", old.downstreamKeepaliveTimeoutMs(),
                    now.downstreamKeepaliveTimeoutMs());
            tls(reasons, at + "tls", old.tls(), now.tls());
        }
    }

    /**
     * The listener's TLS contexts are built when it binds. Only what is written counts, not where
     * (a block moved down by an added line is unchanged); new contents of the same certificate
     * files are the certificate watcher's, not a config change (docs/behaviour/listener-tls.md#reloads).
     */
    private static void tls(List<String> reasons, String key, ListenerTlsConfig before, ListenerTlsConfig after) {
        if (Objects.equals(withoutSource(before), withoutSource(after))) {
            return;
        }
        String change = before == null ? "unset -> set" : after == null ? "set -> unset" : "changed";
        reasons.add(key + ": " + change + " (applied at startup only; new contents of the same certificate "
                + "files reload without a restart)");
    }

    private static ListenerTlsConfig withoutSource(ListenerTlsConfig tls) {
        return tls == null ? null : new ListenerTlsConfig(tls.certificates(), tls.minVersion(), tls.cipherSuites(),
                tls.clientCa(), tls.clientCertMode(), tls.trustedSpiffeIds(), tls.hotReload(), null);
    }

    private static void admin(AdminConfig before, AdminConfig after, List<String> reasons) {
        changed(reasons, "admin.address", before.address(), after.address());
        changed(reasons, "admin.metrics_address", before.metricsAddress(), after.metricsAddress());
        changed(reasons, "admin.verbose", before.verbose(), after.verbose());
    }

    private static List<String> disabled(GatewayConfig config) {
        return Arrays.stream(MetricLabel.values()).filter(l -> !config.metrics().labels(l)).map(Scalars::yamlName)
                .toList();
    }

    private static List<String> templates(GatewayConfig config) {
        return config.metrics().routeTemplates().stream().map(RouteTemplate::template).toList();
    }

    private static void changed(List<String> reasons, String key, Object before, Object after) {
        if (!Objects.equals(before, after)) {
            reasons.add(key + ": " + render(before) + " -> " + render(after) + " (applied at startup only)");
        }
    }

    private static String render(Object value) {
        if (value == null) {
            return "unset";
        }
        return value instanceof Enum<?> e ? e.name().toLowerCase(Locale.ROOT) : String.valueOf(value);
    }

    private static Map<String, ListenerConfig> byName(GatewayConfig config) {
        Map<String, ListenerConfig> out = new LinkedHashMap<>();
        config.listeners().forEach(l -> out.put(l.name(), l));
        return out;
    }

    private static AdminConfig orDisabled(AdminConfig admin) {
        return admin == null ? AdminConfig.DISABLED : admin;
    }

    private static RuntimeConfig orDefault(RuntimeConfig runtime) {
        return runtime == null ? RuntimeConfig.DEFAULT : runtime;
    }
}
