package io.jpraxis.config.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The parameters of the strategies that choose a group of endpoints first and then balance within
 * it with a plain strategy: {@code subset}, {@code zone_aware} and {@code priority} (see
 * docs/reference/config/clusters.md#group-strategies).
 */
public sealed interface TieredStrategy {

    /** The plain strategy that balances within the chosen group. */
    InnerStrategy inner();

    /** The strategies that may balance within a group ({@code inner_strategy}). */
    enum InnerStrategy {
        ROUND_ROBIN, LEAST_CONNECTIONS, P2C, RANDOM
    }

    /** What {@code subset} does when no endpoint of the subset can take the request. */
    enum SubsetFallback {
        /** Balance over every endpoint of the cluster instead. */
        ANY_ENDPOINT,
        /** Stay within the subset: all of its endpoints when none is healthy (panic mode within it). */
        NO_ENDPOINT
    }

    /**
     * {@code subset}: the endpoints whose {@code metadata} holds every pair of {@code selector}.
     *
     * @param selector metadata pairs an endpoint must all carry, in config order; never empty
     */
    record Subset(Map<String, String> selector, InnerStrategy inner, SubsetFallback fallback) implements TieredStrategy {
        public Subset {
            selector = Collections.unmodifiableMap(new LinkedHashMap<>(selector));
        }

        /** Whether {@code metadata} carries every pair of the selector. */
        public boolean matches(Map<String, String> metadata) {
            for (Map.Entry<String, String> pair : selector.entrySet()) {
                if (!pair.getValue().equals(metadata.get(pair.getKey()))) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * {@code zone_aware}: endpoints whose {@code zone} is {@code localZone} first.
     *
     * @param minLocalHealthyPct percent (0..100) of local endpoints that must be healthy to stay local
     */
    record ZoneAware(String localZone, InnerStrategy inner, int minLocalHealthyPct) implements TieredStrategy {
        public static final int DEFAULT_MIN_LOCAL_HEALTHY_PCT = 70;
    }

    /**
     * {@code priority}: the endpoints of the lowest {@code priority} level with enough healthy
     * capacity.
     *
     * @param overprovisioningFactor percent; a level serves while healthy × factor ≥ endpoints × 100
     */
    record Priority(InnerStrategy inner, long overprovisioningFactor) implements TieredStrategy {
        public static final long DEFAULT_OVERPROVISIONING_FACTOR = 140;
        public static final Priority DEFAULT = new Priority(InnerStrategy.ROUND_ROBIN, DEFAULT_OVERPROVISIONING_FACTOR);
    }
}
