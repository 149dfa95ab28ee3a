package io.jpraxis.core.balance;

import io.jpraxis.core.upstream.EndpointState;

/**
 * The endpoints one pick chooses among and the weight each picks with: the configured weights, or
 * the ramped ones of a cluster with slow start (see docs/behaviour/clusters.md#slow-start).
 *
 * @param indices endpoint indices (config order, ascending)
 * @param weights the weight of {@code indices[i]}, each at least 1
 * @param configured whether {@code weights} are the configured weights, unscaled
 * @param byCapacity whether load-aware strategies weigh requests in flight against the weight
 *     (slow start on); false: fewest in flight wins, as without slow start
 */
record Pickable(int[] indices, int[] weights, boolean configured, boolean byCapacity) {

    /** The configured weights of {@code endpoints[indices[i]]}. */
    static Pickable configured(EndpointState[] endpoints, int[] indices, boolean byCapacity) {
        int[] weights = new int[indices.length];
        for (int i = 0; i < indices.length; i++) {
            weights[i] = endpoints[indices[i]].endpoint().weight();
        }
        return new Pickable(indices, weights, true, byCapacity);
    }
}
