package io.jpraxis.filters.traffic.router;

import io.jpraxis.config.model.HedgePolicyConfig;
import io.jpraxis.config.model.RetryPolicyOverride;
import io.jpraxis.config.model.YamlShaped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@code routes[]} entry.
 *
 * @param host the configured host pattern, or null for any host
 * @param headers required headers, in config order; all must match
 * @param retryPolicy the keys of the route's {@code retry_policy}, or null when it has none
 * @param hedgePolicy the route's {@code hedge_policy}, or null when it has none
 */
public record RouteConfig(RoutePath path, String cluster, String host, List<HeaderMatch> headers,
        RetryPolicyOverride retryPolicy, HedgePolicyConfig hedgePolicy) implements YamlShaped {

    public RouteConfig {
        headers = List.copyOf(headers);
    }

    /** A route without a retry or hedge policy of its own. */
    public RouteConfig(RoutePath path, String cluster, String host, List<HeaderMatch> headers) {
        this(path, cluster, host, headers, null, null);
    }

    /** A route without a hedge policy. */
    public RouteConfig(RoutePath path, String cluster, String host, List<HeaderMatch> headers,
            RetryPolicyOverride retryPolicy) {
        this(path, cluster, host, headers, retryPolicy, null);
    }

    /** Back to the route's YAML keys: {@code path} or {@code path_prefix}, and a {@code headers} map. */
    @Override
    public Object toYaml() {
        Map<String, Object> out = new LinkedHashMap<>();
        switch (path) {
            case RoutePath.Exact exact -> out.put("path", exact.value());
            case RoutePath.Prefix prefix -> out.put("path_prefix", prefix.value());
        }
        out.put("cluster", cluster);
        if (host != null) {
            out.put("host", host);
        }
        if (!headers.isEmpty()) {
            Map<String, String> byName = new LinkedHashMap<>();
            headers.forEach(h -> byName.put(h.name(), h.value()));
            out.put("headers", byName);
        }
        if (retryPolicy != null) {
            out.put("retry_policy", retryPolicy.toYaml());
        }
        if (hedgePolicy != null) {
            out.put("hedge_policy", hedgePolicy.toYaml());
        }
        return out;
    }

    /** One {@code headers} requirement: some line of {@code name} equals {@code value} exactly. */
    public record HeaderMatch(String name, String value) {
    }
}
