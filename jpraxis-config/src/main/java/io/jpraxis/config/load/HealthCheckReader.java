package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyDescriptor;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.HealthCheckConfig;
import io.jpraxis.config.model.HealthCheckConfig.HealthCheckType;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.ConfigLimits;
import io.jpraxis.config.validate.Names;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a cluster's {@code health_check} (see docs/behaviour/clusters.md#health-checks), applying
 * its defaults. Probes of the cluster's own endpoints in loopback, link-local or cloud-metadata
 * ranges are refused unless {@code insecure_options.allow_private_health_checks}: a probe is a
 * request the gateway makes on its own, so it must not be aimable at the host itself or at cloud
 * credentials by accident.
 */
final class HealthCheckReader {
    static final String FLAG = "insecure_options.allow_private_health_checks";
    /** Ranges a probe may not target without the flag (RFC 1918 space is fine, as for traffic). */
    private static final Set<AddressClass> GUARDED = EnumSet.of(AddressClass.LOOPBACK, AddressClass.LINK_LOCAL,
            AddressClass.CLOUD_METADATA, AddressClass.UNSPECIFIED);
    private static final int MAX_GRPC_SERVICE_BYTES = 255;
    private static final long MAX_THRESHOLD = 1_000_000;
    /** The keys of a cluster's {@code health_check}. */
    static final ObjectDescriptor KEYS = ObjectDescriptor.of("Active probes of the cluster's endpoints.",
            key("type", KeyType.choice(HealthCheckType.class), "Probe kind; grpc is not implemented.").asRequired(),
            key("path", KeyType.text(), "Request path of an http probe.").withDefault(HealthCheckConfig.DEFAULT_PATH),
            key("expected_status", KeyType.integer(100, 599), "Status an http probe must get.")
                    .withDefault(HealthCheckConfig.DEFAULT_EXPECTED_STATUS),
            key("interval_ms", KeyType.integer(1, ConfigLimits.MAX_TIMEOUT_MS), "Time between probes.")
                    .withDefault(HealthCheckConfig.DEFAULT_INTERVAL_MS),
            key("timeout_ms", KeyType.integer(1, ConfigLimits.MAX_TIMEOUT_MS), "Time a probe may take; less than "
                    + "interval_ms.").withDefault(HealthCheckConfig.DEFAULT_TIMEOUT_MS),
            threshold("healthy_threshold", "Passing probes in a row that mark an endpoint healthy.")
                    .withDefault(HealthCheckConfig.DEFAULT_HEALTHY_THRESHOLD),
            threshold("unhealthy_threshold", "Failing probes in a row that mark an endpoint unhealthy.")
                    .withDefault(HealthCheckConfig.DEFAULT_UNHEALTHY_THRESHOLD),
            threshold("passive_unhealthy_threshold", "Failed requests in a row that mark an endpoint unhealthy; "
                    + "unset: traffic does not mark endpoints."),
            threshold("passive_healthy_threshold", "Successful requests in a row that mark an endpoint healthy "
                    + "again."),
            key("grpc_service", new KeyType.Text(null, MAX_GRPC_SERVICE_BYTES), "Service name a grpc probe asks "
                    + "about; printable ASCII.").withDefault(""));

    private HealthCheckReader() {
    }

    static Optional<HealthCheckConfig> read(ConfigNode node, ConfigPath path, Diagnostics d,
            List<EndpointConfig> endpoints, InsecureOptions insecure) {
        if (!(node instanceof ConfigNode.MapNode)) {
            d.invalid(path, node.line(), node.render(), "a map");
            return Optional.empty();
        }
        MapReader r = MapReader.of(node, path, d, KEYS);
        HealthCheckType type = type(r);
        String probePath = r.string("path").filter(p -> checkPath(p, r)).orElse(HealthCheckConfig.DEFAULT_PATH);
        int expectedStatus = r.integer("expected_status").map(Long::intValue)
                .orElse(HealthCheckConfig.DEFAULT_EXPECTED_STATUS);
        Optional<Long> intervalRead = r.integer("interval_ms");
        Optional<Long> timeoutRead = r.integer("timeout_ms");
        long interval = intervalRead.orElse(HealthCheckConfig.DEFAULT_INTERVAL_MS);
        long timeout = timeoutRead.orElse(HealthCheckConfig.DEFAULT_TIMEOUT_MS);
        // Compared only when both values are the ones written or defaulted, not stand-ins for bad ones.
        boolean comparable = (intervalRead.isPresent() || !r.has("interval_ms"))
                && (timeoutRead.isPresent() || !r.has("timeout_ms"));
        if (comparable && timeout >= interval) {
            // A probe still running when the next is due would pile probes up on a slow endpoint.
            d.invalid(r.path("timeout_ms"), r.line("timeout_ms"), Long.toString(timeout),
                    "less than interval_ms (" + interval + ")");
        }
        int healthy = threshold(r, "healthy_threshold").orElse(HealthCheckConfig.DEFAULT_HEALTHY_THRESHOLD);
        int unhealthy = threshold(r, "unhealthy_threshold").orElse(HealthCheckConfig.DEFAULT_UNHEALTHY_THRESHOLD);
        Integer passiveUnhealthy = threshold(r, "passive_unhealthy_threshold").orElse(null);
        Integer passiveHealthy = threshold(r, "passive_healthy_threshold").orElse(null);
        String grpcService = r.string("grpc_service").filter(s -> checkGrpcService(s, r)).orElse("");
        if (!insecure.allowPrivateHealthChecks()) {
            checkTargets(endpoints, r);
        }
        if (!r.finishCleanly() || type == null) {
            return Optional.empty();
        }
        return Optional.of(new HealthCheckConfig(type, probePath, expectedStatus, interval, timeout, healthy,
                unhealthy, passiveUnhealthy, passiveHealthy, grpcService));
    }

    private static HealthCheckType type(MapReader r) {
        if (!r.require("type")) {
            return null;
        }
        HealthCheckType type = r.enumValue("type", HealthCheckType.class).orElse(null);
        if (type == HealthCheckType.GRPC) {
            r.error("type", Names.quote(Scalars.yamlName(type)) + " is not implemented in jpraxis (expected: http | tcp)");
            return null;
        }
        return type;
    }

    private static Optional<Integer> threshold(MapReader r, String key) {
        return r.integer(key).map(Long::intValue);
    }

    private static KeyDescriptor threshold(String name, String description) {
        return key(name, KeyType.integer(1, MAX_THRESHOLD), description);
    }

    /** The path goes into a request line as written, so it must be a plain origin-form path. */
    private static boolean checkPath(String path, MapReader r) {
        boolean ok = path.startsWith("/");
        for (int i = 0; ok && i < path.length(); i++) {
            char c = path.charAt(i);
            ok = c > ' ' && c < 0x7f;
        }
        if (!ok) {
            r.invalid("path", "a path starting with / without spaces, control or non-ASCII characters");
        }
        return ok;
    }

    private static boolean checkGrpcService(String service, MapReader r) {
        boolean ok = service.length() <= MAX_GRPC_SERVICE_BYTES;
        for (int i = 0; ok && i < service.length(); i++) {
            char c = service.charAt(i);
            ok = c >= ' ' && c < 0x7f;
        }
        if (!ok) {
            r.invalid("grpc_service", "at most " + MAX_GRPC_SERVICE_BYTES + " printable ASCII characters");
        }
        return ok;
    }

    private static void checkTargets(List<EndpointConfig> endpoints, MapReader r) {
        for (EndpointConfig e : endpoints) {
            AddressClass range = AddressClass.of(e.address().host());
            if (GUARDED.contains(range)) {
                r.diagnostics().error(r.path(), r.line(), "probe target " + e.address().render() + " is in the "
                        + range.label() + " range (expected: a target outside loopback, link-local and "
                        + "cloud-metadata ranges; set " + FLAG + ": true to allow it)");
            }
        }
    }
}
