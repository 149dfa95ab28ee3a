package io.jpraxis.core.balance;

import io.jpraxis.core.upstream.EndpointState;
import java.util.List;

/**
 * Maglev hashing ({@code maglev}; see docs/reference/config/clusters.md#hash-strategies): the request's hash
 * modulo the prime table size picks a table entry, built by {@link MaglevTable}. Adding or removing an endpoint
 * moves about its share of the keys; an unhealthy endpoint's keys walk on along the table.
 */
public final class Maglev extends SlotHashBalancer {
    private final int[] table;

    /**
     * @param header request header whose value is hashed; null to hash the path
     * @param tableSize a prime, at least the number of endpoints
     * @throws IllegalArgumentException when there are no endpoints or the table cannot hold them
     */
    public Maglev(String cluster, List<EndpointState> endpoints, String header, int tableSize) {
        super(cluster, endpoints, header);
        if (tableSize < endpoints.size()) {
            throw new IllegalArgumentException("cluster '" + cluster + "': maglev table_size " + tableSize
                    + " (expected: at least the " + endpoints.size() + " endpoints)");
        }
        this.table = MaglevTable.build(HashKeys.identities(endpoints), weights(endpoints), tableSize);
    }

    @Override
    int slotOf(long hash) {
        return (int) Long.remainderUnsigned(hash, table.length);
    }

    @Override
    int ownerOf(int slot) {
        return table[slot];
    }

    @Override
    int slots() {
        return table.length;
    }
}
