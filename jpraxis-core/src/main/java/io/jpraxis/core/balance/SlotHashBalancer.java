package io.jpraxis.core.balance;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import java.util.Collection;
import java.util.List;

/**
 * What {@code maglev} and {@code ring_hash} share: the request's hash picks a slot, each slot names an
 * endpoint, and an ineligible endpoint's slot walks on to the following slots until one names a healthy
 * endpoint. The slots span every endpoint, healthy or not, so keys of healthy endpoints never move while
 * another is out; the following slots belong to pseudo-random endpoints, so an ejected endpoint's keys spread
 * over the others instead of landing on one neighbour. See docs/reference/config/clusters.md#hash-strategies.
 */
abstract sealed class SlotHashBalancer implements Balancer permits Maglev, RingHash {
    private final List<EndpointState> endpoints;
    private final EndpointState[] byIndex;
    private final String header;
    private final HealthTracker<Void> health;

    SlotHashBalancer(String cluster, List<EndpointState> endpoints, String header) {
        this.endpoints = Balancers.requireEndpoints(cluster, endpoints);
        this.byIndex = this.endpoints.toArray(EndpointState[]::new);
        this.header = header;
        this.health = new HealthTracker<>(cluster, this.endpoints, eligible -> null);
    }

    /** The slot {@code hash} lands on. */
    abstract int slotOf(long hash);

    /** The endpoint index {@code slot} names. */
    abstract int ownerOf(int slot);

    /** How many slots there are. */
    abstract int slots();

    @Override
    public EndpointState pick(RequestContext ctx) {
        HealthTracker.Snapshot<Void> snapshot = health.snapshot();
        int start = slotOf(HashKeys.requestHash(ctx, header));
        int slots = slots();
        for (int step = 0; step < slots; step++) {
            int owner = ownerOf((start + step) % slots);
            if (snapshot.isEligible(owner)) {
                return byIndex[owner];
            }
        }
        return byIndex[ownerOf(start)]; // unreachable: in panic every endpoint is eligible
    }

    /** For a retry: the first untried endpoint along the key's slots, healthy ones first. */
    @Override
    public EndpointState reselect(RequestContext ctx, Collection<EndpointState> tried) {
        HealthTracker.Snapshot<Void> snapshot = health.snapshot();
        int start = slotOf(HashKeys.requestHash(ctx, header));
        int slots = slots();
        EndpointState unhealthy = null;
        for (int step = 0; step < slots; step++) {
            int owner = ownerOf((start + step) % slots);
            EndpointState e = byIndex[owner];
            if (!tried.contains(e)) {
                if (snapshot.isEligible(owner)) {
                    return e;
                }
                unhealthy = unhealthy == null ? e : unhealthy;
            }
        }
        if (unhealthy == null) {
            // Slots can miss an endpoint (a tiny weight on a small table): fall back to config order.
            for (EndpointState e : byIndex) {
                if (!tried.contains(e)) {
                    return e;
                }
            }
        }
        return unhealthy;
    }

    @Override
    public List<EndpointState> endpoints() {
        return endpoints;
    }

    /** The endpoints' weights, in config order. */
    static int[] weights(List<EndpointState> endpoints) {
        return endpoints.stream().mapToInt(e -> e.endpoint().weight()).toArray();
    }
}
