package io.jpraxis.filters.security.forwarded;

import java.net.InetAddress;
import java.util.List;
import java.util.function.Predicate;

/**
 * Finds the client in a forwarding chain (docs/reference/filters/forwarded_headers.md#the-client).
 * Each proxy appends the address it received the request from, so the chain is read from the
 * right: the TCP peer is trusted (the caller checked), each trusted hop vouches for the one to its
 * left, and the first hop that is not trusted is the client; only it and the hops to its right are
 * known to be true, everything further left was written by the client itself. A hop with no
 * address ({@code unknown}, obfuscated, malformed) ends the walk at the last trusted hop: what lies
 * beyond it cannot be checked, so no address there may win. When every hop is trusted, the
 * leftmost is the client.
 */
final class ClientWalk {
    private ClientWalk() {
    }

    /**
     * The client of a chain.
     *
     * @param hops the rightmost hops of the chain, left to right; null where a hop has no address
     * @param peer the TCP peer, already found trusted; returned as is when the chain names nobody
     * @param trusted whether an address is one of the trusted proxies
     */
    static InetAddress client(List<InetAddress> hops, InetAddress peer, Predicate<InetAddress> trusted) {
        InetAddress last = peer;
        for (int i = hops.size() - 1; i >= 0; i--) {
            InetAddress hop = hops.get(i);
            if (hop == null) {
                return last;
            }
            if (!trusted.test(hop)) {
                return hop;
            }
            last = hop;
        }
        return last;
    }
}
