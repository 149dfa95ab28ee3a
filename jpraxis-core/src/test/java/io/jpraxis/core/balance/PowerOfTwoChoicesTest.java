package io.jpraxis.core.balance;

import static io.jpraxis.core.balance.BalancerFixtures.endpoint;
import static io.jpraxis.core.balance.BalancerFixtures.request;
import static io.jpraxis.core.balance.BalancerFixtures.spread;
import static io.jpraxis.core.balance.BalancerFixtures.states;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.EndpointState;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PowerOfTwoChoicesTest {
    private static final Endpoint A = endpoint(1, 1);
    private static final Endpoint B = endpoint(2, 1);
    private static final Endpoint C = endpoint(3, 1);
    private static final Endpoint D = endpoint(4, 1);

    @Test
    void spreadsIdleTrafficOverEveryEndpoint() {
        Balancer p2c = new PowerOfTwoChoices("backend", states(A, B, C, D), new SplittableRandom(5));

        Map<Endpoint, Integer> counts = spread(p2c, 4000);
        for (Endpoint e : List.of(A, B, C, D)) {
            assertThat(counts.getOrDefault(e, 0)).as("share of %s over 4,000 idle picks", e).isBetween(800, 1200);
        }
    }

    @Test
    void theLessLoadedOfTheTwoSamplesWins() {
        List<EndpointState> states = states(A, B);
        for (int i = 0; i < 5; i++) {
            states.get(0).acquire();
        }
        Balancer p2c = new PowerOfTwoChoices("backend", states, new SplittableRandom(6));

        // With two endpoints, A wins only when both samples are A: about a quarter of picks.
        Map<Endpoint, Integer> counts = spread(p2c, 4000);
        assertThat(counts.getOrDefault(A, 0)).as("busy A is chosen only when sampled twice").isBetween(800, 1200);
        assertThat(counts.getOrDefault(B, 0)).as("idle B wins every mixed pair").isBetween(2800, 3200);
    }

    @Test
    void samplesByWeight() {
        Endpoint heavy = endpoint(9, 9);
        Balancer p2c = new PowerOfTwoChoices("backend", states(heavy, A), new SplittableRandom(7));

        // All idle: ties go to the higher weight, so A is picked only when both samples are A (1/100).
        assertThat(spread(p2c, 2000).getOrDefault(A, 0)).as("weight 1 of 10, sampled twice").isLessThan(60);
        assertThat(p2c.pick(request("/")).endpoint()).isIn(heavy, A);
    }
}
