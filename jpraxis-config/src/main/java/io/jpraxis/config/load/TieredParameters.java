package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyDescriptor;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.ClusterConfig.LoadBalancerStrategy;
import io.jpraxis.config.model.TieredStrategy;
import io.jpraxis.config.model.TieredStrategy.InnerStrategy;
import io.jpraxis.config.model.TieredStrategy.SubsetFallback;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parameters of the group strategies {@code subset}, {@code zone_aware} and {@code priority}
 * (see docs/reference/config/clusters.md#group-strategies), with Praxis's keys, defaults and
 * bounds.
 */
final class TieredParameters {
    /** Largest {@code priority} and {@code overprovisioning_factor}: Praxis reads both as a u32. */
    static final long MAX_U32 = 4_294_967_295L;

    private static final KeyDescriptor INNER = key("inner_strategy", KeyType.choice(InnerStrategy.class),
            "Strategy that balances within the chosen endpoints.").withDefault("round_robin");
    private static final ObjectDescriptor SUBSET = ObjectDescriptor.of("Parameters of subset.",
            key("selector", new KeyType.MapOf(KeyType.text(), 1), "Metadata pairs an endpoint must all carry "
                    + "to be in the subset.").asRequired(),
            INNER,
            key("fallback_policy", KeyType.choice(SubsetFallback.class), "When no endpoint of the subset is "
                    + "healthy: any_endpoint balances over the whole cluster, no_endpoint stays in the subset.")
                    .withDefault("any_endpoint"));
    private static final ObjectDescriptor ZONE_AWARE = ObjectDescriptor.of("Parameters of zone_aware.",
            key("local_zone", new KeyType.Text(1, null), "The gateway's own zone; endpoints with this zone are "
                    + "preferred.").asRequired(),
            INNER,
            key("min_local_healthy_pct", KeyType.integer(0, 100), "Percent of the local endpoints that must be "
                    + "healthy for traffic to stay local; below it, every endpoint takes traffic.")
                    .withDefault(TieredStrategy.ZoneAware.DEFAULT_MIN_LOCAL_HEALTHY_PCT));
    private static final ObjectDescriptor PRIORITY = ObjectDescriptor.of("Parameters of priority.",
            INNER,
            key("overprovisioning_factor", KeyType.integer(100, MAX_U32), "Percent: a level serves while its "
                    + "healthy endpoints × factor reach its endpoints × 100 (140: at least 5 of 7 healthy).")
                    .withDefault(TieredStrategy.Priority.DEFAULT_OVERPROVISIONING_FACTOR));

    private TieredParameters() {
    }

    /** Whether {@code s} is one of the group strategies. */
    static boolean isTiered(LoadBalancerStrategy s) {
        return s == LoadBalancerStrategy.SUBSET || s == LoadBalancerStrategy.ZONE_AWARE
                || s == LoadBalancerStrategy.PRIORITY;
    }

    /** The keys {@code strategy}'s map form takes. */
    static ObjectDescriptor descriptor(LoadBalancerStrategy strategy) {
        return switch (strategy) {
            case SUBSET -> SUBSET;
            case ZONE_AWARE -> ZONE_AWARE;
            case PRIORITY -> PRIORITY;
            default -> throw new IllegalArgumentException(Scalars.yamlName(strategy) + " is not a group strategy");
        };
    }

    /**
     * Reads {@code value}, the map under a group strategy's name (null or absent: no parameters,
     * so the required ones are reported); empty when anything in it was wrong.
     */
    static Optional<TieredStrategy> read(LoadBalancerStrategy strategy, ConfigNode value, ConfigPath path,
            Diagnostics d) {
        ConfigNode map = value == null || value instanceof ConfigNode.NullNode
                ? new ConfigNode.MapNode(List.of(), value == null ? 0 : value.line()) : value;
        MapReader r = MapReader.of(map, path, d, descriptor(strategy));
        InnerStrategy inner = r.enumValue("inner_strategy", InnerStrategy.class).orElse(InnerStrategy.ROUND_ROBIN);
        TieredStrategy parsed = switch (strategy) {
            case SUBSET -> subset(r, inner);
            case ZONE_AWARE -> zoneAware(r, inner);
            case PRIORITY -> new TieredStrategy.Priority(inner, r.integer("overprovisioning_factor")
                    .orElse(TieredStrategy.Priority.DEFAULT_OVERPROVISIONING_FACTOR));
            default -> throw new IllegalArgumentException(Scalars.yamlName(strategy) + " is not a group strategy");
        };
        return r.finishCleanly() ? Optional.of(parsed) : Optional.empty();
    }

    private static TieredStrategy subset(MapReader r, InnerStrategy inner) {
        Map<String, String> selector = r.require("selector")
                ? StringMaps.read(r.node("selector").orElseThrow(), r.path("selector"), r.diagnostics(),
                        "at least one key: value pair (an empty selector matches every endpoint)").orElse(Map.of())
                : Map.of();
        SubsetFallback fallback = r.enumValue("fallback_policy", SubsetFallback.class)
                .orElse(SubsetFallback.ANY_ENDPOINT);
        return new TieredStrategy.Subset(selector, inner, fallback);
    }

    private static TieredStrategy zoneAware(MapReader r, InnerStrategy inner) {
        String zone = r.requiredString("local_zone");
        if (zone != null && zone.isEmpty()) {
            r.invalid("local_zone", "a non-empty zone name");
        }
        int pct = r.integer("min_local_healthy_pct").map(Long::intValue)
                .orElse(TieredStrategy.ZoneAware.DEFAULT_MIN_LOCAL_HEALTHY_PCT);
        return new TieredStrategy.ZoneAware(zone == null ? "" : zone, inner, pct);
    }
}
