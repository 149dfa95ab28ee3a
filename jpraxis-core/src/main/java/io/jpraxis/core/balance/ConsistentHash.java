package io.jpraxis.core.balance;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;

/**
 * Consistent hash ({@code consistent_hash}; see docs/reference/filters/load_balancer.md#what-it-does): the
 * FNV-1a 64 hash of the configured header's value, or of the canonical match path when the header is absent or
 * none is configured, taken modulo the sum of all weights picks a slot on the weight line. An unhealthy
 * endpoint's slot walks on to the next healthy endpoint in config order, so only its own keys move while it is
 * out.
 *
 * <p>The line spans every endpoint, healthy or not: keys of healthy endpoints stay put whatever
 * happens to the others. Lock-free and allocation-free apart from the key's bytes.
 */
public final class ConsistentHash implements Balancer {
    private static final long FNV_OFFSET_BASIS = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private final List<EndpointState> endpoints;
    private final EndpointState[] byIndex;
    private final WeightLine line;
    private final String header;
    private final HealthTracker<Void> health;

    /**
     * @param header request header whose value is hashed; null to hash the path
     * @throws IllegalArgumentException when there are no endpoints
     */
    public ConsistentHash(String cluster, List<EndpointState> endpoints, String header) {
        this.endpoints = Balancers.requireEndpoints(cluster, endpoints);
        this.byIndex = this.endpoints.toArray(EndpointState[]::new);
        int[] all = new int[byIndex.length];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        this.line = WeightLine.over(byIndex, all);
        this.header = header;
        this.health = new HealthTracker<>(cluster, this.endpoints, eligible -> null);
    }

    @Override
    public EndpointState pick(RequestContext ctx) {
        HealthTracker.Snapshot<Void> snapshot = health.snapshot();
        int home = home(ctx);
        for (int step = 0; step < byIndex.length; step++) {
            int i = (home + step) % byIndex.length;
            if (snapshot.isEligible(i)) {
                return byIndex[i];
            }
        }
        return byIndex[home]; // unreachable: a snapshot in panic makes every endpoint eligible
    }

    /** For a retry: the next untried endpoint after the key's own, healthy ones first. */
    @Override
    public EndpointState reselect(RequestContext ctx, Collection<EndpointState> tried) {
        HealthTracker.Snapshot<Void> snapshot = health.snapshot();
        int home = home(ctx);
        EndpointState unhealthy = null;
        for (int step = 0; step < byIndex.length; step++) {
            EndpointState e = byIndex[(home + step) % byIndex.length];
            if (!tried.contains(e)) {
                if (snapshot.isEligible((home + step) % byIndex.length)) {
                    return e;
                }
                unhealthy = unhealthy == null ? e : unhealthy;
            }
        }
        return unhealthy;
    }

    @Override
    public List<EndpointState> endpoints() {
        return endpoints;
    }

    /** Index of the endpoint whose slot the request's key hashes to. */
    private int home(RequestContext ctx) {
        String value = header == null ? null : ctx.headers().get(header);
        String key = value != null ? value : ctx.matchPath();
        return line.positionAt(Long.remainderUnsigned(fnv1a64(key), line.total()));
    }

    /** FNV-1a, 64-bit, over the UTF-8 bytes of {@code text}. */
    static long fnv1a64(String text) {
        long hash = FNV_OFFSET_BASIS;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= FNV_PRIME;
        }
        return hash;
    }
}
