package io.jpraxis.filters.traffic.router;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.RetryPolicyReader;
import io.jpraxis.config.model.HedgePolicyConfig;
import io.jpraxis.config.model.RetryPolicyOverride;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.filters.support.HeaderListReader;
import io.jpraxis.filters.support.HostPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads and checks one {@code routes[]} entry, reporting every problem it finds. */
final class RouteReader {
    private static final String ONE_PATH = "exactly one of path or path_prefix";

    private RouteReader() {
    }

    /** The route at {@code path}, or empty when it had errors (all reported to {@code d}). */
    static Optional<RouteConfig> read(ConfigNode node, ConfigPath path, Diagnostics d, FeatureSet features) {
        MapReader route = MapReader.of(node, path, d);
        route.notImplemented("json_aliases");
        RoutePath routePath = readPath(route);
        String cluster = readCluster(route);
        String host = route.string("host").filter(h -> checkHost(route, h)).orElse(null);
        List<RouteConfig.HeaderMatch> headers = readHeaders(route);
        RetryPolicyOverride retry = route.present("retry_policy").flatMap(n -> RetryPolicyReader.readOverride(n,
                route.path("retry_policy"), d, true)).orElse(null);
        HedgePolicyConfig hedge = route.present("hedge_policy").flatMap(n -> HedgePolicyReader.read(n,
                route.path("hedge_policy"), d, features)).orElse(null);
        if (!route.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new RouteConfig(routePath, cluster, host, headers, retry, hedge));
    }

    private static RoutePath readPath(MapReader route) {
        boolean hasExact = route.has("path");
        boolean hasPrefix = route.has("path_prefix");
        if (hasExact && hasPrefix) {
            route.diagnostics().error(route.path(), route.line(),
                    "both path and path_prefix are set (expected: " + ONE_PATH + ")");
            route.skip("path", "path_prefix");
            return null;
        }
        if (!hasExact && !hasPrefix) {
            route.diagnostics().error(route.path(), route.line(),
                    "neither path nor path_prefix is set (expected: " + ONE_PATH + ")");
            return null;
        }
        String key = hasExact ? "path" : "path_prefix";
        // requiredString, not string: an explicit `path: null` is a wrong type, not a route without a path.
        Optional<String> value = Optional.ofNullable(route.requiredString(key));
        if (value.isEmpty()) {
            return null;
        }
        if (!value.get().startsWith("/")) {
            // The request path always starts with '/', so such a route could never match.
            route.invalid(key, "a path starting with '/'");
            return null;
        }
        return hasExact ? new RoutePath.Exact(value.get()) : new RoutePath.Prefix(value.get());
    }

    private static String readCluster(MapReader route) {
        String cluster = route.requiredString("cluster");
        if (cluster != null && cluster.isBlank()) {
            route.invalid("cluster", "a non-empty cluster name");
            return null;
        }
        return cluster;
    }

    private static boolean checkHost(MapReader route, String host) {
        if (HostPattern.parse(host).isPresent()) {
            return true;
        }
        route.invalid("host", HostPattern.EXPECTATION);
        return false;
    }

    private static List<RouteConfig.HeaderMatch> readHeaders(MapReader route) {
        Optional<MapReader> headers = route.map("headers");
        if (headers.isEmpty()) {
            return List.of();
        }
        MapReader map = headers.get();
        List<RouteConfig.HeaderMatch> matches = new ArrayList<>();
        for (ConfigNode.MapNode.Entry e : map.node().entries()) {
            ConfigPath keyPath = map.path(e.key());
            boolean nameOk = HeaderListReader.checkName(e.key(), keyPath, e.keyLine(), map.diagnostics());
            Optional<String> value = Scalars.string(e.value(), keyPath, map.diagnostics());
            if (nameOk && value.isPresent()) {
                matches.add(new RouteConfig.HeaderMatch(e.key(), value.get()));
            }
        }
        return matches;
    }
}
