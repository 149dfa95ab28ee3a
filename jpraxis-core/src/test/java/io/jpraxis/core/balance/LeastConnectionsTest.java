package io.jpraxis.core.balance;

import static io.jpraxis.core.balance.BalancerFixtures.endpoint;
import static io.jpraxis.core.balance.BalancerFixtures.request;
import static io.jpraxis.core.balance.BalancerFixtures.spread;
import static io.jpraxis.core.balance.BalancerFixtures.states;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.EndpointState;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LeastConnectionsTest {
    private static final Endpoint A = endpoint(1, 1);
    private static final Endpoint B = endpoint(2, 1);
    private static final Endpoint C = endpoint(3, 1);

    @Test
    void picksTheEndpointWithFewestRequestsInFlight() {
        List<EndpointState> states = states(A, B, C);
        states.get(0).acquire();
        states.get(0).acquire();
        states.get(2).acquire();
        Balancer lc = new LeastConnections("backend", states, new SplittableRandom(1));

        for (int i = 0; i < 20; i++) {
            assertThat(lc.pick(request("/")).endpoint()).as("B has 0 in flight, A 2, C 1").isEqualTo(B);
        }
    }

    @Test
    void followsInFlightCountsAsRequestsStartAndFinish() {
        List<EndpointState> states = states(A, B);
        Balancer lc = new LeastConnections("backend", states, new SplittableRandom(2));

        EndpointState first = lc.pick(request("/"));
        first.acquire();
        EndpointState second = lc.pick(request("/"));
        assertThat(second).as("the busy endpoint is avoided").isNotSameAs(first);
        second.acquire();
        first.release();
        assertThat(lc.pick(request("/"))).as("once its request finished, the first is the idle one").isSameAs(first);
    }

    @Test
    void tiesGoToTheHigherWeight() {
        Endpoint heavy = endpoint(9, 5);
        Balancer lc = new LeastConnections("backend", states(A, heavy, B), new SplittableRandom(3));

        assertThat(spread(lc, 50)).as("all idle: the weight-5 endpoint wins every tie").containsOnlyKeys(heavy);
    }

    @Test
    void equalTiesAreSpreadRatherThanAlwaysTheFirst() {
        Balancer lc = new LeastConnections("backend", states(A, B, C), new SplittableRandom(4));

        assertThat(spread(lc, 3000)).as("idle equal endpoints share picks at random")
                .hasEntrySatisfying(A, n -> assertThat(n).isBetween(850, 1150))
                .hasEntrySatisfying(B, n -> assertThat(n).isBetween(850, 1150))
                .hasEntrySatisfying(C, n -> assertThat(n).isBetween(850, 1150));
    }
}
