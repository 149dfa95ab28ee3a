package io.jpraxis.core.balance;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Hashes shared by {@code maglev} and {@code ring_hash} (see docs/reference/config/clusters.md#hash-strategies):
 * the request's key is the configured header's value, or the match path when the header is absent or none is
 * configured, as for {@code consistent_hash}. Both strategies compare whole 64-bit hashes, so FNV-1a's output
 * is passed through a 64-bit finalizer: keys that differ in one character then differ in every bit.
 */
final class HashKeys {
    private HashKeys() {
    }

    /** The mixed hash of the request's key. */
    static long requestHash(RequestContext ctx, String header) {
        String value = header == null ? null : ctx.headers().get(header);
        return hash(value != null ? value : ctx.matchPath());
    }

    /** FNV-1a 64 of {@code text}'s UTF-8 bytes, finalized. */
    static long hash(String text) {
        return mix(ConsistentHash.fnv1a64(text));
    }

    /** The MurmurHash3 64-bit finalizer: a bijection that spreads every input bit over the output. */
    static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    /**
     * Each endpoint's name on the table or ring: its address, with {@code #2}, {@code #3}... for repeats. An
     * endpoint keeps its name whatever else is added or removed, which is what keeps keys in place.
     */
    static String[] identities(List<EndpointState> endpoints) {
        Map<String, Integer> seen = new HashMap<>();
        String[] ids = new String[endpoints.size()];
        for (int i = 0; i < ids.length; i++) {
            String address = endpoints.get(i).endpoint().address();
            int n = seen.merge(address, 1, Integer::sum);
            ids[i] = n == 1 ? address : address + "#" + n;
        }
        return ids;
    }
}
