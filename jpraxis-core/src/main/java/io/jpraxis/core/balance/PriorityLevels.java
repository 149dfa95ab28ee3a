package io.jpraxis.core.balance;

import io.jpraxis.config.model.TieredStrategy.InnerStrategy;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Priority levels ({@code priority}; see docs/behaviour/clusters.md#group-strategies): all traffic
 * goes to the lowest level with enough healthy capacity, balanced within it by the inner strategy.
 * A level has enough while {@code healthy × overprovisioning_factor ≥ endpoints × 100} (the
 * default 140 keeps a level while at least 5 of its 7 endpoints are healthy). When no level has
 * enough, the lowest level with any healthy endpoint serves; when no endpoint at all is healthy,
 * level 0's endpoints are used (panic mode, in priority order).
 *
 * <p>Health is read on every pick, so traffic moves to the next level as soon as the health
 * checker ejects enough endpoints and comes back as soon as they are restored.
 */
public final class PriorityLevels implements Balancer {
    private final List<EndpointState> endpoints;
    private final List<EndpointGroup> levels;
    private final long overprovisioningFactor;
    private final List<List<EndpointState>> preference;

    /**
     * @param endpoints every endpoint of the cluster, in config order
     * @param levels the endpoints of each level, lowest priority number first; none empty
     * @param overprovisioningFactor percent, at least 100
     * @throws IllegalArgumentException when there are no levels, one is empty, or the factor is below 100
     */
    public PriorityLevels(String cluster, List<EndpointState> endpoints, List<List<EndpointState>> levels,
            InnerStrategy inner, long overprovisioningFactor, RandomGenerator random) {
        this(cluster, endpoints, levels, inner, overprovisioningFactor, random, null);
    }

    /** As above, the inner strategy applying the cluster's slow-start {@code ramp} (null: none). */
    PriorityLevels(String cluster, List<EndpointState> endpoints, List<List<EndpointState>> levels,
            InnerStrategy inner, long overprovisioningFactor, RandomGenerator random, SlowStartRamp ramp) {
        if (levels.isEmpty() || overprovisioningFactor < 100) {
            throw new IllegalArgumentException("cluster '" + cluster + "': " + levels.size() + " levels, factor "
                    + overprovisioningFactor + " (expected: at least one level, a factor of at least 100)");
        }
        this.endpoints = Balancers.requireEndpoints(cluster, endpoints);
        List<EndpointGroup> groups = new ArrayList<>(levels.size());
        for (int i = 0; i < levels.size(); i++) {
            groups.add(new EndpointGroup(cluster + " (level " + i + ")", levels.get(i), inner, random, ramp));
        }
        this.levels = List.copyOf(groups);
        this.overprovisioningFactor = overprovisioningFactor;
        this.preference = this.levels.stream().map(EndpointGroup::members).toList();
    }

    @Override
    public EndpointState pick(RequestContext ctx) {
        return serving().pick(ctx);
    }

    /** The level that takes traffic now. */
    EndpointGroup serving() {
        EndpointGroup firstWithHealthy = null;
        for (EndpointGroup level : levels) {
            int healthy = level.healthyCount();
            if (healthy * overprovisioningFactor >= level.size() * 100L) {
                return level;
            }
            if (firstWithHealthy == null && healthy > 0) {
                firstWithHealthy = level;
            }
        }
        return firstWithHealthy != null ? firstWithHealthy : levels.get(0);
    }

    /** For a retry: the strategy's pick when untried, else the next untried endpoint in level order. */
    @Override
    public EndpointState reselect(RequestContext ctx, Collection<EndpointState> tried) {
        return GroupReselection.reselect(pick(ctx), tried, preference);
    }

    @Override
    public List<EndpointState> endpoints() {
        return endpoints;
    }

    /** The levels, lowest priority number first. */
    List<EndpointGroup> levels() {
        return levels;
    }
}
