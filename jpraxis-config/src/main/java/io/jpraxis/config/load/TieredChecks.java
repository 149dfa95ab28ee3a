package io.jpraxis.config.load;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.TieredStrategy;
import io.jpraxis.config.read.MapReader;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Checks of a group strategy against the cluster's endpoints, which are fixed at load: a subset
 * selector that matches nothing, a local zone no endpoint is in (see
 * docs/reference/config/clusters.md#group-strategies).
 */
final class TieredChecks {
    private static final String KEY = "load_balancer_strategy";

    private TieredChecks() {
    }

    /** Reports what {@code tiered} (null: not a group strategy) cannot do with {@code endpoints}. */
    static void check(MapReader r, TieredStrategy tiered, List<EndpointConfig> endpoints) {
        if (tiered == null || endpoints.isEmpty()) {
            return;
        }
        switch (tiered) {
            case TieredStrategy.Subset s -> subset(r, s, endpoints);
            case TieredStrategy.ZoneAware z -> zoneAware(r, z, endpoints);
            case TieredStrategy.Priority p -> {
                // Any set of levels works: endpoints without a priority are all level 0.
            }
        }
    }

    /**
     * A selector no endpoint matches sends every request to the whole cluster
     * ({@code any_endpoint}: a warning) or to nobody ({@code no_endpoint}: every request would be a
     * 503, so it is refused).
     */
    private static void subset(MapReader r, TieredStrategy.Subset s, List<EndpointConfig> endpoints) {
        if (endpoints.stream().anyMatch(e -> s.matches(e.metadata()))) {
            return;
        }
        ConfigPath path = r.path(KEY).key("subset").key("selector");
        String rendered = render(s.selector());
        switch (s.fallback()) {
            case NO_ENDPOINT -> r.diagnostics().error(path, r.line(KEY), rendered + " matches no endpoint's metadata, "
                    + "so with fallback_policy no_endpoint every request would fail with 503 (expected: a selector "
                    + "at least one endpoint matches, or fallback_policy: any_endpoint)");
            case ANY_ENDPOINT -> r.diagnostics().warn(path, r.line(KEY), rendered + " matches no endpoint's "
                    + "metadata; every request is balanced over the whole cluster (fallback_policy any_endpoint)");
        }
    }

    private static void zoneAware(MapReader r, TieredStrategy.ZoneAware z, List<EndpointConfig> endpoints) {
        if (endpoints.stream().noneMatch(e -> z.localZone().equals(e.zone()))) {
            r.diagnostics().warn(r.path(KEY).key("zone_aware").key("local_zone"), r.line(KEY), "\"" + z.localZone()
                    + "\" is the zone of no endpoint; every request is balanced over the whole cluster");
        }
    }

    private static String render(Map<String, String> selector) {
        return selector.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                .collect(Collectors.joining(", ", "{", "}"));
    }
}
