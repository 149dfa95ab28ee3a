package io.jpraxis.core.balance;

import static io.jpraxis.core.balance.BalancerFixtures.endpoint;
import static io.jpraxis.core.balance.BalancerFixtures.spread;
import static io.jpraxis.core.balance.BalancerFixtures.states;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.upstream.Endpoint;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WeightedRandomTest {
    @Test
    void picksInProportionToWeight() {
        Endpoint heavy = endpoint(1, 3);
        Endpoint light = endpoint(2, 1);
        Balancer random = new WeightedRandom("backend", states(heavy, light), new SplittableRandom(8));

        Map<Endpoint, Integer> counts = spread(random, 8000);
        assertThat(counts.get(heavy)).as("3:1 over 8,000 picks, about 6,000").isBetween(5800, 6200);
        assertThat(counts.get(light)).as("about 2,000").isBetween(1800, 2200);
    }

    @Test
    void sameSeedGivesTheSamePicks() {
        Endpoint a = endpoint(1, 1);
        Endpoint b = endpoint(2, 2);
        Balancer first = new WeightedRandom("backend", states(a, b), new SplittableRandom(9));
        Balancer second = new WeightedRandom("backend", states(a, b), new SplittableRandom(9));

        for (int i = 0; i < 100; i++) {
            assertThat(first.pick(BalancerFixtures.request("/")).endpoint())
                    .as("a seeded runtime makes picks reproducible (pick %d)", i)
                    .isEqualTo(second.pick(BalancerFixtures.request("/")).endpoint());
        }
    }
}
