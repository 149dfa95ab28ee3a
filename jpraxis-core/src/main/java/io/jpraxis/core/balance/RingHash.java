package io.jpraxis.core.balance;

import io.jpraxis.core.upstream.EndpointState;
import java.util.Arrays;
import java.util.List;

/**
 * Ring hash ({@code ring_hash}; see docs/reference/config/clusters.md#hash-strategies): every endpoint places
 * virtual nodes on a 63-bit ring at the hashes of its name and a counter, as many as its share of the ring
 * share; a request goes to the first node at or after its own hash. An endpoint's nodes depend on its name
 * and weight only, so adding one takes keys only for itself and removing one moves only its own keys.
 *
 * <p>Node counts: the heaviest endpoint gets {@code virtual_nodes}, the others the same fraction of it as
 * their weight, at least one. A count tied to the ring's total size instead would change every endpoint's
 * nodes whenever one is added, moving keys between endpoints that stayed. Each node is one {@code long}: the ring
 * position in the high bits, the endpoint index in the low {@value #INDEX_BITS} bits, so one sort orders both.
 */
public final class RingHash extends SlotHashBalancer {
    static final int INDEX_BITS = 14;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;

    private final long[] ring;

    /**
     * @param header request header whose value is hashed; null to hash the path
     * @throws IllegalArgumentException when there are no endpoints or more than the index bits hold
     */
    public RingHash(String cluster, List<EndpointState> endpoints, String header, int virtualNodes) {
        super(cluster, endpoints, header);
        if (endpoints.size() > INDEX_MASK + 1) {
            throw new IllegalArgumentException("cluster '" + cluster + "': " + endpoints.size()
                    + " endpoints (expected: at most " + (INDEX_MASK + 1) + " for ring_hash)");
        }
        this.ring = build(HashKeys.identities(endpoints), weights(endpoints), virtualNodes);
    }

    private static long[] build(String[] ids, int[] weights, int virtualNodes) {
        int heaviest = 1;
        for (int w : weights) {
            heaviest = Math.max(heaviest, w);
        }
        int[] nodes = new int[ids.length];
        int count = 0;
        for (int i = 0; i < ids.length; i++) {
            nodes[i] = (int) Math.max(1, Math.round((double) virtualNodes * weights[i] / heaviest));
            count += nodes[i];
        }
        long[] ring = new long[count];
        int at = 0;
        for (int i = 0; i < ids.length; i++) {
            for (int k = 0; k < nodes[i]; k++) {
                ring[at++] = (position(HashKeys.hash(ids[i] + "_" + k))) | i;
            }
        }
        Arrays.sort(ring);
        return ring;
    }

    /** A hash's place on the ring: non-negative, with the index bits cleared. */
    private static long position(long hash) {
        return (hash >>> 1) & ~INDEX_MASK;
    }

    @Override
    int slotOf(long hash) {
        long key = position(hash);
        int low = 0;
        int high = ring.length;
        while (low < high) { // first node at or after the key
            int mid = (low + high) >>> 1;
            if (ring[mid] < key) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low == ring.length ? 0 : low;
    }

    @Override
    int ownerOf(int slot) {
        return (int) (ring[slot] & INDEX_MASK);
    }

    @Override
    int slots() {
        return ring.length;
    }
}
