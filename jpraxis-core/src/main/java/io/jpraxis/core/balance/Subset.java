package io.jpraxis.core.balance;

import io.jpraxis.config.model.TieredStrategy.InnerStrategy;
import io.jpraxis.config.model.TieredStrategy.SubsetFallback;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Subset balancing ({@code subset}; see docs/behaviour/clusters.md#group-strategies): the endpoints
 * whose metadata carries every pair of the selector take all traffic, balanced by the inner
 * strategy over the healthy ones. When none of them is healthy (or none matches), the fallback
 * policy decides: {@code any_endpoint} balances over the whole cluster's healthy endpoints;
 * {@code no_endpoint} stays in the subset and uses all of its endpoints (panic mode within the
 * subset), never sending a request outside it.
 */
public final class Subset implements Balancer {
    private final List<EndpointState> endpoints;
    /** Null when no endpoint matches (only with {@code any_endpoint}). */
    private final EndpointGroup subset;
    private final EndpointGroup all;
    private final SubsetFallback fallback;
    private final List<List<EndpointState>> preference;

    /**
     * @param endpoints every endpoint of the cluster, in config order
     * @param members the endpoints the selector matches (a sublist of {@code endpoints})
     * @throws IllegalArgumentException when nothing matches under {@code no_endpoint} (the loader refuses
     *     that: every request would fail)
     */
    public Subset(String cluster, List<EndpointState> endpoints, List<EndpointState> members, InnerStrategy inner,
            SubsetFallback fallback, RandomGenerator random) {
        this(cluster, endpoints, members, inner, fallback, random, null);
    }

    /** As above, the inner strategy applying the cluster's slow-start {@code ramp} (null: none). */
    Subset(String cluster, List<EndpointState> endpoints, List<EndpointState> members, InnerStrategy inner,
            SubsetFallback fallback, RandomGenerator random, SlowStartRamp ramp) {
        this.endpoints = Balancers.requireEndpoints(cluster, endpoints);
        if (members.isEmpty() && fallback == SubsetFallback.NO_ENDPOINT) {
            throw new IllegalArgumentException("cluster '" + cluster
                    + "': no endpoint matches the subset selector (expected: at least one with no_endpoint)");
        }
        this.subset = members.isEmpty() ? null : new EndpointGroup(cluster + " (subset)", members, inner, random,
                ramp);
        this.all = new EndpointGroup(cluster, this.endpoints, inner, random, ramp);
        this.fallback = fallback;
        List<EndpointState> others = new ArrayList<>(this.endpoints);
        others.removeAll(members);
        this.preference = switch (fallback) {
            case ANY_ENDPOINT -> List.of(List.copyOf(members), List.copyOf(others));
            case NO_ENDPOINT -> List.of(List.copyOf(members));
        };
    }

    @Override
    public EndpointState pick(RequestContext ctx) {
        if (subset != null && subset.healthyCount() > 0) {
            return subset.pick(ctx);
        }
        return switch (fallback) {
            case ANY_ENDPOINT -> all.pick(ctx);
            case NO_ENDPOINT -> subset.pick(ctx);
        };
    }

    /**
     * For a retry: the pick when untried, else an untried subset endpoint, then (with
     * {@code any_endpoint} only) one outside the subset.
     */
    @Override
    public EndpointState reselect(RequestContext ctx, Collection<EndpointState> tried) {
        return GroupReselection.reselect(pick(ctx), tried, preference);
    }

    @Override
    public List<EndpointState> endpoints() {
        return endpoints;
    }
}
