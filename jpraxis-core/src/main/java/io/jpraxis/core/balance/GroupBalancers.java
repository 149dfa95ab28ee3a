package io.jpraxis.core.balance;

import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.TieredStrategy;
import io.jpraxis.core.upstream.EndpointState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * Builds the group strategies ({@code subset}, {@code zone_aware}, {@code priority}) from a
 * cluster's endpoint configs and their live states, which are in the same order.
 */
final class GroupBalancers {
    private GroupBalancers() {
    }

    static Balancer of(String cluster, TieredStrategy tiered, List<EndpointConfig> configs,
            List<EndpointState> states, RandomGenerator random, SlowStartRamp ramp) {
        if (configs.size() != states.size()) {
            throw new IllegalStateException("cluster '" + cluster + "': " + configs.size() + " endpoint configs for "
                    + states.size() + " endpoint states");
        }
        return switch (tiered) {
            case TieredStrategy.Subset s -> new Subset(cluster, states, matching(s, configs, states), s.inner(),
                    s.fallback(), random, ramp);
            case TieredStrategy.ZoneAware z -> new ZoneAware(cluster, states, local(z, configs, states), z.inner(),
                    z.minLocalHealthyPct(), random, ramp);
            case TieredStrategy.Priority p -> new PriorityLevels(cluster, states, levels(configs, states), p.inner(),
                    p.overprovisioningFactor(), random, ramp);
        };
    }

    private static List<EndpointState> matching(TieredStrategy.Subset s, List<EndpointConfig> configs,
            List<EndpointState> states) {
        List<EndpointState> out = new ArrayList<>();
        for (int i = 0; i < configs.size(); i++) {
            if (s.matches(configs.get(i).metadata())) {
                out.add(states.get(i));
            }
        }
        return out;
    }

    private static List<EndpointState> local(TieredStrategy.ZoneAware z, List<EndpointConfig> configs,
            List<EndpointState> states) {
        List<EndpointState> out = new ArrayList<>();
        for (int i = 0; i < configs.size(); i++) {
            if (z.localZone().equals(configs.get(i).zone())) {
                out.add(states.get(i));
            }
        }
        return out;
    }

    /** The endpoints of each priority present, lowest number first, config order within a level. */
    private static List<List<EndpointState>> levels(List<EndpointConfig> configs, List<EndpointState> states) {
        Map<Long, List<EndpointState>> byPriority = new TreeMap<>();
        for (int i = 0; i < configs.size(); i++) {
            byPriority.computeIfAbsent(configs.get(i).priority(), p -> new ArrayList<>()).add(states.get(i));
        }
        return List.copyOf(byPriority.values());
    }
}
