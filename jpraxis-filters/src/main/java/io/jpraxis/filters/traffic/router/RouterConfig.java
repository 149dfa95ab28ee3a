package io.jpraxis.filters.traffic.router;

import java.util.List;

/**
 * The {@code router} filter's config (see docs/reference/filters/router.md#what-it-does).
 *
 * @param jsonAliasHeader accepted for Praxis compatibility and inert; null when unset
 * @param jsonAliasMaxBodyBytes accepted for Praxis compatibility and inert; null when unset
 */
public record RouterConfig(List<RouteConfig> routes, boolean multiLevelSubdomainMatching, String jsonAliasHeader,
        Long jsonAliasMaxBodyBytes) {

    public RouterConfig {
        routes = List.copyOf(routes);
    }
}
