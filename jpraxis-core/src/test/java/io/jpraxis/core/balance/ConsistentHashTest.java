package io.jpraxis.core.balance;

import static io.jpraxis.core.balance.BalancerFixtures.eject;
import static io.jpraxis.core.balance.BalancerFixtures.endpoint;
import static io.jpraxis.core.balance.BalancerFixtures.request;
import static io.jpraxis.core.balance.BalancerFixtures.restore;
import static io.jpraxis.core.balance.BalancerFixtures.states;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.EndpointState;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConsistentHashTest {
    private static final Endpoint A = endpoint(1, 1);
    private static final Endpoint B = endpoint(2, 1);
    private static final Endpoint C = endpoint(3, 1);

    private static EndpointState pickFor(Balancer balancer, String user) {
        return balancer.pick(request("/chat", new HeaderMap().add("x-user-id", user)));
    }

    @Test
    void fnv1aMatchesTheReferenceVectors() {
        // From the FNV reference test suite (draft-eastlake-fnv): "" and "a" and "foobar".
        assertThat(ConsistentHash.fnv1a64("")).isEqualTo(0xcbf29ce484222325L);
        assertThat(ConsistentHash.fnv1a64("a")).isEqualTo(0xaf63dc4c8601ec8cL);
        assertThat(ConsistentHash.fnv1a64("foobar")).isEqualTo(0x85944171f73967e8L);
    }

    @Test
    void theSameHeaderValueAlwaysLandsOnTheSameEndpoint() {
        Balancer hash = new ConsistentHash("backend", states(A, B, C), "x-user-id");
        Map<String, Endpoint> first = new HashMap<>();
        for (int u = 0; u < 200; u++) {
            first.put("user-" + u, pickFor(hash, "user-" + u).endpoint());
        }
        for (int round = 0; round < 3; round++) {
            for (int u = 0; u < 200; u++) {
                assertThat(pickFor(hash, "user-" + u).endpoint()).as("user-%d sticks to one endpoint", u)
                        .isEqualTo(first.get("user-" + u));
            }
        }
        assertThat(Set.copyOf(first.values())).as("200 keys spread over every endpoint").containsExactlyInAnyOrder(A, B, C);
    }

    @Test
    void slotIsTheHashModuloTheSumOfWeights() {
        Endpoint heavy = endpoint(1, 2);
        Balancer hash = new ConsistentHash("backend", states(heavy, B), "x-user-id");
        for (int u = 0; u < 50; u++) {
            long slot = Long.remainderUnsigned(ConsistentHash.fnv1a64("user-" + u), 3);
            assertThat(pickFor(hash, "user-" + u).endpoint()).as("slot %d of 0..2 (0,1 heavy; 2 light)", slot)
                    .isEqualTo(slot < 2 ? heavy : B);
        }
    }

    @Test
    void hashesThePathWhenTheHeaderIsAbsentOrNotConfigured() {
        Balancer byHeader = new ConsistentHash("backend", states(A, B, C), "x-user-id");
        Balancer byPath = new ConsistentHash("backend", states(A, B, C), null);
        for (int p = 0; p < 50; p++) {
            String path = "/items/" + p;
            Endpoint expected = List.of(A, B, C).get(
                    (int) Long.remainderUnsigned(ConsistentHash.fnv1a64(path), 3));
            assertThat(byHeader.pick(request(path)).endpoint()).as("no x-user-id: %s hashes", path).isEqualTo(expected);
            assertThat(byPath.pick(request(path, new HeaderMap().add("x-user-id", "u1"))).endpoint())
                    .as("no header configured: the path hashes even when a header is sent").isEqualTo(expected);
        }
    }

    @Test
    void anUnhealthySlotWalksToTheNextHealthyEndpointAndOnlyItsKeysMove() {
        List<EndpointState> states = states(A, B, C);
        Balancer hash = new ConsistentHash("backend", states, "x-user-id");
        Map<String, Endpoint> before = new HashMap<>();
        for (int u = 0; u < 300; u++) {
            before.put("user-" + u, pickFor(hash, "user-" + u).endpoint());
        }

        eject(states.get(1));
        for (int u = 0; u < 300; u++) {
            Endpoint was = before.get("user-" + u);
            assertThat(pickFor(hash, "user-" + u).endpoint()).as("user-%d was on %s", u, was)
                    .isEqualTo(was.equals(B) ? C : was);
        }

        restore(states.get(1));
        for (int u = 0; u < 300; u++) {
            assertThat(pickFor(hash, "user-" + u).endpoint()).as("user-%d returns home", u).isEqualTo(before.get("user-" + u));
        }
    }

    @Test
    void theWalkWrapsFromTheLastEndpointToTheFirst() {
        List<EndpointState> states = states(A, B, C);
        Balancer hash = new ConsistentHash("backend", states, null);
        eject(states.get(2));
        for (int p = 0; p < 100; p++) {
            String path = "/p/" + p;
            long slot = Long.remainderUnsigned(ConsistentHash.fnv1a64(path), 3);
            assertThat(hash.pick(request(path)).endpoint()).as("slot %d", slot).isEqualTo(slot == 2 ? A : List.of(A, B).get((int) slot));
        }
    }

    @Test
    void retriesMoveToTheNextUntriedEndpointAfterTheKeysOwn() {
        Balancer hash = new ConsistentHash("backend", states(A, B, C), null);
        EndpointState home = hash.pick(request("/x"));
        int i = hash.endpoints().indexOf(home);

        assertThat(hash.reselect(request("/x"), List.of(home)))
                .as("the endpoint after the home slot").isSameAs(hash.endpoints().get((i + 1) % 3));
        assertThat(hash.reselect(request("/x"), hash.endpoints())).as("every endpoint tried").isNull();
    }
}
