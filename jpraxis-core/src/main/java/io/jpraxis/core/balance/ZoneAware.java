package io.jpraxis.core.balance;

import io.jpraxis.config.model.TieredStrategy.InnerStrategy;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Zone-aware balancing ({@code zone_aware}; see docs/behaviour/clusters.md#group-strategies): the
 * endpoints in the gateway's {@code local_zone} take all traffic while at least
 * {@code min_local_healthy_pct} percent of them are healthy; below that, traffic spills over to the
 * whole cluster (local endpoints included), balanced by the inner strategy over its healthy
 * endpoints. A local zone with no healthy endpoint always spills, even at a threshold of 0; a
 * cluster with no endpoint in the local zone always uses every endpoint.
 */
public final class ZoneAware implements Balancer {
    private final List<EndpointState> endpoints;
    /** Null when no endpoint is in the local zone. */
    private final EndpointGroup local;
    private final EndpointGroup all;
    private final int minLocalHealthyPct;
    private final List<List<EndpointState>> preference;

    /**
     * @param endpoints every endpoint of the cluster, in config order
     * @param local the endpoints in the local zone (a sublist of {@code endpoints}; may be empty)
     * @param minLocalHealthyPct 0..100
     */
    public ZoneAware(String cluster, List<EndpointState> endpoints, List<EndpointState> local, InnerStrategy inner,
            int minLocalHealthyPct, RandomGenerator random) {
        this(cluster, endpoints, local, inner, minLocalHealthyPct, random, null);
    }

    /** As above, the inner strategy applying the cluster's slow-start {@code ramp} (null: none). */
    ZoneAware(String cluster, List<EndpointState> endpoints, List<EndpointState> local, InnerStrategy inner,
            int minLocalHealthyPct, RandomGenerator random, SlowStartRamp ramp) {
        if (minLocalHealthyPct < 0 || minLocalHealthyPct > 100) {
            throw new IllegalArgumentException("cluster '" + cluster + "': min_local_healthy_pct "
                    + minLocalHealthyPct + " (expected: 0 to 100)");
        }
        this.endpoints = Balancers.requireEndpoints(cluster, endpoints);
        this.local = local.isEmpty() ? null : new EndpointGroup(cluster + " (local zone)", local, inner, random,
                ramp);
        this.all = new EndpointGroup(cluster, this.endpoints, inner, random, ramp);
        this.minLocalHealthyPct = minLocalHealthyPct;
        List<EndpointState> remote = new ArrayList<>(this.endpoints);
        remote.removeAll(local);
        this.preference = List.of(List.copyOf(local), List.copyOf(remote));
    }

    @Override
    public EndpointState pick(RequestContext ctx) {
        return staysLocal() ? local.pick(ctx) : all.pick(ctx);
    }

    /** Whether the local zone takes this request: it has a healthy endpoint and enough of them. */
    boolean staysLocal() {
        if (local == null) {
            return false;
        }
        int healthy = local.healthyCount();
        // healthy / size >= pct / 100, in integers (the same as Praxis's truncated percentage).
        return healthy > 0 && healthy * 100L >= (long) minLocalHealthyPct * local.size();
    }

    /** For a retry: the pick when untried, else an untried local endpoint, then a remote one. */
    @Override
    public EndpointState reselect(RequestContext ctx, Collection<EndpointState> tried) {
        return GroupReselection.reselect(pick(ctx), tried, preference);
    }

    @Override
    public List<EndpointState> endpoints() {
        return endpoints;
    }
}
