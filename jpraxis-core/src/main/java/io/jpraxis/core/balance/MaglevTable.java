package io.jpraxis.core.balance;

import java.util.Arrays;

/**
 * Builds a Maglev lookup table (see docs/reference/config/clusters.md#hash-strategies). Each endpoint walks its
 * own permutation of the table's slots, starting at {@code offset} and stepping by {@code skip}, both from hashes
 * of its name; because the size is prime, every skip visits every slot. Endpoints take turns claiming the next
 * free slot of their permutation until the table is full, so each ends up with an almost equal share and a
 * change of endpoints moves few slots.
 *
 * <p>Weights: on each turn an endpoint earns {@code weight / max weight} of a claim and claims a slot per whole
 * claim earned, so shares follow the weights.
 */
final class MaglevTable {
    /** Salt for the second hash, the one that gives {@code skip}. */
    private static final long SKIP_SALT = 0x9e3779b97f4a7c15L;

    private MaglevTable() {
    }

    /**
     * The table: slot to endpoint index.
     *
     * @param ids the endpoints' names ({@link HashKeys#identities})
     * @param weights the endpoints' weights, each at least 1
     * @param size a prime, at least {@code ids.length}
     */
    static int[] build(String[] ids, int[] weights, int size) {
        int n = ids.length;
        long[] position = new long[n];
        long[] skip = new long[n];
        double[] credit = new double[n];
        int maxWeight = 1;
        for (int i = 0; i < n; i++) {
            long h = HashKeys.hash(ids[i]);
            position[i] = Long.remainderUnsigned(h, size);
            skip[i] = Long.remainderUnsigned(HashKeys.mix(h ^ SKIP_SALT), size - 1) + 1;
            maxWeight = Math.max(maxWeight, weights[i]);
        }
        int[] table = new int[size];
        Arrays.fill(table, -1);
        int filled = 0;
        while (true) {
            for (int i = 0; i < n; i++) {
                credit[i] += (double) weights[i] / maxWeight;
                if (credit[i] < 1) {
                    continue;
                }
                credit[i] -= 1;
                while (table[(int) position[i]] >= 0) {
                    position[i] = (position[i] + skip[i]) % size;
                }
                table[(int) position[i]] = i;
                if (++filled == size) {
                    return table;
                }
            }
        }
    }
}
