package io.jpraxis.filters.traffic.router;

import java.util.List;

/**
 * One {@code routes[]} entry.
 *
 * @param host the configured host pattern, or null for any host
 * @param headers required headers, in config order; all must match
 */
public record RouteConfig(RoutePath path, String cluster, String host, List<HeaderMatch> headers) {

    public RouteConfig {
        headers = List.copyOf(headers);
    }

    /** One {@code headers} requirement: some line of {@code name} equals {@code value} exactly. */
    public record HeaderMatch(String name, String value) {
    }
}
