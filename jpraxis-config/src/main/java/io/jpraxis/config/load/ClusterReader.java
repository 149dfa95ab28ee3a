package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.keys.KeyDescriptor;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterConfig.LoadBalancerStrategy;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.ClusterTlsConfig;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.ConfigLimits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads one cluster (see docs/behaviour/clusters.md#cluster-settings), for top-level {@code
 * clusters[]} and for the inline clusters of {@code load_balancer}. Every problem is reported; the
 * cluster is returned only when it has none.
 */
public final class ClusterReader {
    private static final KeyDescriptor CONNECT_TIMEOUT = timeout("connection_timeout_ms", "TCP connect timeout.");
    private static final KeyDescriptor TOTAL_CONNECT_TIMEOUT = timeout("total_connection_timeout_ms",
            "Budget for the TCP connect and the TLS handshake together; not less than connection_timeout_ms.");
    private static final KeyDescriptor READ_TIMEOUT = timeout("read_timeout_ms",
            "Longest silence between upstream reads once the request is sent.");
    private static final KeyDescriptor WRITE_TIMEOUT = timeout("write_timeout_ms",
            "How long a full upstream write buffer may stay full.");
    private static final KeyDescriptor IDLE_TIMEOUT = timeout("idle_timeout_ms",
            "How long a pooled upstream connection may sit unused.");
    /**
     * A cluster's five connection timeouts on their own, as a filter that names its endpoint itself
     * ({@code endpoint_selector}'s {@code connection}) takes them: same keys, bounds and checks.
     */
    public static final ObjectDescriptor CONNECTION_TIMEOUTS = ObjectDescriptor.of("Connection timeouts, with the "
            + "meaning and bounds of the cluster keys of the same names.",
            CONNECT_TIMEOUT, TOTAL_CONNECT_TIMEOUT, READ_TIMEOUT, WRITE_TIMEOUT, IDLE_TIMEOUT);
    /** The keys of one cluster. */
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("A named group of endpoints traffic is balanced over.",
            key("name", new KeyType.Text(1, null), "Unique cluster name.").asRequired(),
            key("endpoints", KeyType.listOf(EndpointReader.SHAPE, 1, ConfigLimits.MAX_ENDPOINTS),
                    "The endpoints: \"host:port\" or {address, weight, metadata, priority, zone}.").asRequired(),
            key("load_balancer_strategy", StrategyReader.SHAPE, "How an endpoint is picked: a name, or a "
                    + "one-key map with the strategy's parameters.").withDefault("round_robin"),
            CONNECT_TIMEOUT, TOTAL_CONNECT_TIMEOUT, READ_TIMEOUT, WRITE_TIMEOUT, IDLE_TIMEOUT,
            key("max_connections", KeyType.integer(1, ConfigLimits.MAX_CONNECTIONS),
                    "Most requests in flight to the cluster at once; unset: no cap."),
            key("http", KeyType.object(ClusterHttpReader.KEYS), "Upstream HTTP settings."),
            key("health_check", KeyType.object(HealthCheckReader.KEYS), "Active and passive health checking."),
            key("tls", KeyType.object(ClusterTlsReader.KEYS), "TLS to the endpoints; unset: plain TCP."),
            key("retry_policy", KeyType.object(RetryPolicyReader.KEYS), "Retries of failed attempts."),
            key("slow_start", KeyType.object(SlowStartReader.KEYS), "Ramps endpoints added by a reload or back "
                    + "from unhealthy up to their weight; needs the slow-start feature; unset: off."))
            .withNotImplemented("trusted_private_endpoints");

    private ClusterReader() {
    }

    /** As {@link #read(ConfigNode, ConfigPath, Diagnostics, InsecureOptions, FeatureSet)} with no feature on. */
    public static Optional<ClusterConfig> read(ConfigNode node, ConfigPath path, Diagnostics diagnostics,
            InsecureOptions insecure) {
        return read(node, path, diagnostics, insecure, FeatureSet.NONE);
    }

    /**
     * Reads the cluster at {@code path}; empty when anything in it was wrong (all of it reported).
     * {@code features} gates {@code slow_start}.
     */
    public static Optional<ClusterConfig> read(ConfigNode node, ConfigPath path, Diagnostics diagnostics,
            InsecureOptions insecure, FeatureSet features) {
        MapReader r = MapReader.of(node, path, diagnostics, KEYS);
        String name = r.requiredString("name");
        if (name != null && name.isEmpty()) {
            r.invalid("name", "a non-empty cluster name");
        }
        List<EndpointConfig> endpoints = endpoints(r, insecure);
        StrategyReader.Strategy strategy = r.present("load_balancer_strategy")
                .flatMap(n -> StrategyReader.read(n, r.path("load_balancer_strategy"), diagnostics))
                .orElse(StrategyReader.Strategy.DEFAULT);
        Timeouts timeouts = timeouts(r);
        checkTableHoldsEndpoints(r, strategy, endpoints);
        ClusterHttpConfig http = r.present("http").map(n -> ClusterHttpReader.read(n, r.path("http"), diagnostics, name))
                .orElse(ClusterHttpConfig.NONE);
        ClusterTlsConfig tls = r.present("tls").flatMap(n -> ClusterTlsReader.read(n, r.path("tls"), diagnostics,
                insecure, http.authorityFromEndpoint())).orElse(null);
        if (tls != null && tls.sni() == null && http.authorityFromEndpoint()) {
            checkEndpointNames(r, endpoints);
        }
        TieredChecks.check(r, strategy.tiered(), endpoints);
        ClusterConfig cluster = new ClusterConfig(name, endpoints, strategy.strategy(), strategy.hashHeader(),
                strategy.sizing(), strategy.tiered(),
                timeouts.connectMs(),
                timeouts.totalConnectMs(),
                timeouts.readMs(),
                timeouts.writeMs(),
                timeouts.idleMs(),
                r.integer("max_connections").map(Long::intValue).orElse(null),
                http,
                r.present("health_check").flatMap(n -> HealthCheckReader.read(n, r.path("health_check"),
                        diagnostics, endpoints, insecure)).orElse(null),
                tls,
                r.present("retry_policy").flatMap(n -> RetryPolicyReader.read(n, r.path("retry_policy"), diagnostics))
                        .orElse(null),
                new SourceRef(path, node.line()),
                r.present("slow_start").flatMap(n -> SlowStartReader.read(n, r.path("slow_start"), diagnostics,
                        features)).orElse(null));
        return r.finishCleanly() ? Optional.of(cluster) : Optional.empty();
    }

    /**
     * With {@code http.authority: {from: endpoint}} and no {@code tls.sni}, each endpoint's host is
     * the name sent and verified, so an IP literal has none (see docs/behaviour/clusters.md#cluster-settings).
     */
    private static void checkEndpointNames(MapReader r, List<EndpointConfig> endpoints) {
        for (int i = 0; i < endpoints.size(); i++) {
            String host = endpoints.get(i).address().host();
            if (host.indexOf(':') >= 0 || IpLiterals.looksLikeIpv4(host)) {
                r.diagnostics().error(r.path("endpoints").index(i), r.line("endpoints"), "\"" + endpoints.get(i).address()
                        + "\" is an IP address, so http.authority { from: endpoint } gives TLS no server name to "
                        + "verify (expected: a host name endpoint, or tls.sni)");
            }
        }
    }

    /**
     * Reads a list of clusters whose names must be unique ("duplicate cluster name").
     * Returns the clusters that read cleanly.
     */
    public static List<ClusterConfig> readList(ConfigNode node, ConfigPath path, Diagnostics diagnostics,
            InsecureOptions insecure) {
        return readList(node, path, diagnostics, insecure, FeatureSet.NONE);
    }

    /** As {@link #readList(ConfigNode, ConfigPath, Diagnostics, InsecureOptions)}, {@code features} gating keys. */
    public static List<ClusterConfig> readList(ConfigNode node, ConfigPath path, Diagnostics diagnostics,
            InsecureOptions insecure, FeatureSet features) {
        List<ConfigNode> items = Scalars.list(node, path, diagnostics).orElse(List.of());
        if (items.size() > ConfigLimits.MAX_CLUSTERS) {
            diagnostics.invalid(path, node.line(), items.size() + " clusters", "at most " + ConfigLimits.MAX_CLUSTERS);
        }
        List<ClusterConfig> out = new ArrayList<>();
        Map<String, Integer> firstLine = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigNode item = items.get(i);
            ConfigPath itemPath = path.index(i);
            read(item, itemPath, diagnostics, insecure, features).ifPresent(out::add);
            nameOf(item).ifPresent(name -> {
                Integer first = firstLine.putIfAbsent(name, item.line());
                if (first != null) {
                    diagnostics.error(itemPath.key("name"), item.line(), "duplicate cluster name '" + name
                            + "' (first declared at line " + first + ")");
                }
            });
        }
        return out;
    }

    private static Optional<String> nameOf(ConfigNode item) {
        return item instanceof ConfigNode.MapNode m
                ? m.get("name").filter(n -> n instanceof ConfigNode.ScalarNode).map(n -> ((ConfigNode.ScalarNode) n).text())
                : Optional.empty();
    }

    private static List<EndpointConfig> endpoints(MapReader r, InsecureOptions insecure) {
        if (!r.require("endpoints")) {
            return List.of();
        }
        ConfigNode node = r.node("endpoints").orElseThrow();
        if (node instanceof ConfigNode.NullNode || node instanceof ConfigNode.ListNode l && l.items().isEmpty()) {
            r.invalid("endpoints", "at least one endpoint");
            return List.of();
        }
        List<ConfigNode> items = Scalars.list(node, r.path("endpoints"), r.diagnostics()).orElse(List.of());
        if (items.size() > ConfigLimits.MAX_ENDPOINTS) {
            // Picks and health snapshots walk every endpoint, so the list must stay bounded.
            r.diagnostics().invalid(r.path("endpoints"), node.line(), items.size() + " endpoints",
                    "at most " + ConfigLimits.MAX_ENDPOINTS);
        }
        List<EndpointConfig> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            EndpointReader.read(items.get(i), r.path("endpoints").index(i), r.diagnostics(), insecure)
                    .ifPresent(out::add);
        }
        return out;
    }

    /** A cluster's connection timeouts, each null when unset (the transport's default applies). */
    public record Timeouts(Long connectMs, Long totalConnectMs, Long readMs, Long writeMs, Long idleMs) {
    }

    /**
     * Reads the five timeouts from {@code r} (a cluster's reader, or one described by
     * {@link #CONNECTION_TIMEOUTS}), reporting a connect timeout longer than the total budget.
     */
    public static Timeouts timeouts(MapReader r) {
        Long connect = timeout(r, "connection_timeout_ms");
        Long total = timeout(r, "total_connection_timeout_ms");
        checkConnectWithinTotal(r, connect, total);
        return new Timeouts(connect, total, timeout(r, "read_timeout_ms"), timeout(r, "write_timeout_ms"),
                timeout(r, "idle_timeout_ms"));
    }

    private static Long timeout(MapReader r, String key) {
        return r.integer(key).orElse(null);
    }

    private static KeyDescriptor timeout(String name, String description) {
        return key(name, KeyType.integer(1, ConfigLimits.MAX_CLUSTER_TIMEOUT_MS), description + " In milliseconds; unset: the transport's default.");
    }

    /**
     * The total budget covers the TCP connect as well as the TLS handshake, so a longer connect
     * timeout could never apply; Praxis refuses the pair rather than quietly cutting one down.
     */
    private static void checkConnectWithinTotal(MapReader r, Long connect, Long total) {
        if (connect != null && total != null && connect > total) {
            r.diagnostics().invalid(r.path("connection_timeout_ms"), r.line("connection_timeout_ms"),
                    Long.toString(connect), "at most total_connection_timeout_ms (" + total + ")");
        }
    }

    /** A Maglev table smaller than the endpoint list would leave some endpoints without a slot. */
    private static void checkTableHoldsEndpoints(MapReader r, StrategyReader.Strategy strategy,
            List<EndpointConfig> endpoints) {
        int table = strategy.sizing().maglevTableSize();
        if (strategy.strategy() == LoadBalancerStrategy.MAGLEV && table < endpoints.size()) {
            r.error("load_balancer_strategy", "maglev.table_size " + table + " (expected: at least the "
                    + endpoints.size() + " endpoints)");
        }
    }

    /** Whether jpraxis can balance with {@code strategy} yet. */
    public static boolean isImplemented(LoadBalancerStrategy strategy) {
        return switch (strategy) {
            case ROUND_ROBIN, LEAST_CONNECTIONS, P2C, RANDOM, CONSISTENT_HASH, MAGLEV, RING_HASH, SUBSET, ZONE_AWARE,
                    PRIORITY -> true;
        };
    }
}
