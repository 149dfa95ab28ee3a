package io.jpraxis.filters.security.forwarded;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.filters.support.Cidr;
import java.net.InetAddress;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Headers assembled from addresses, separators, quotes and garbage (a fixed seed, so a failure
 * repeats): parsing never throws, and the client is always the peer or an address the chain holds,
 * never one left of an untrusted hop.
 */
class ClientWalkRobustnessTest {
    private static final String[] PIECES = {"203.0.113.7", "10.0.0.1", "10.2.2.2", "[2001:db8::9]", "2001:db8::9",
        "198.51.100.1:80", "unknown", "_x", "for=", "\"", "\\", ",", ", ", ";", "=", "for=10.0.0.3", "for=\"[::1]\"",
        "by=x", "\t", " ", "[", "]", ":", "%", "\u00e9", "\r", "fe80::1%eth0", "999.1.1.1"};
    private static final Predicate<InetAddress> TRUSTED = Cidr.parse("10.0.0.0/8").orElseThrow()::contains;

    @Test
    void arbitraryHeadersNeverThrowAndNeverNameAnAddressBeyondTheFirstUntrustedHop() throws Exception {
        InetAddress peer = InetAddress.getByName("10.0.0.250");
        Random random = new Random(26);
        for (int round = 0; round < 20_000; round++) {
            StringBuilder header = new StringBuilder();
            for (int i = random.nextInt(12); i >= 0; i--) {
                header.append(PIECES[random.nextInt(PIECES.length)]);
            }
            List<String> lines = List.of(header.toString());
            check(XForwardedFor.hops(lines), peer);
            Optional<List<InetAddress>> forwarded = ForwardedFor.hops(lines);
            forwarded.ifPresent(hops -> check(hops, peer));
        }
    }

    private static void check(List<InetAddress> hops, InetAddress peer) {
        InetAddress client = ClientWalk.client(hops, peer, TRUSTED);
        if (client == peer) {
            return;
        }
        int at = hops.lastIndexOf(client);
        assertThat(at).as("the client is a hop of the chain %s", hops).isGreaterThanOrEqualTo(0);
        for (InetAddress right : hops.subList(at + 1, hops.size())) {
            assertThat(right).as("every hop right of the client %s is a trusted address in %s", client, hops)
                    .isNotNull().matches(TRUSTED);
        }
    }
}
