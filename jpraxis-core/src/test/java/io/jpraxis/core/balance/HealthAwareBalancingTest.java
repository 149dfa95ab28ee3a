package io.jpraxis.core.balance;

import static io.jpraxis.core.balance.BalancerFixtures.eject;
import static io.jpraxis.core.balance.BalancerFixtures.endpoint;
import static io.jpraxis.core.balance.BalancerFixtures.request;
import static io.jpraxis.core.balance.BalancerFixtures.restore;
import static io.jpraxis.core.balance.BalancerFixtures.spread;
import static io.jpraxis.core.balance.BalancerFixtures.states;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.TieredStrategy.InnerStrategy;
import io.jpraxis.config.model.TieredStrategy.SubsetFallback;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.EndpointState;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What every strategy shares: unhealthy endpoints are skipped, and none healthy means all are used. */
class HealthAwareBalancingTest {
    private static final Endpoint A = endpoint(1, 1);
    private static final Endpoint B = endpoint(2, 1);
    private static final Endpoint C = endpoint(3, 1);

    static Stream<Arguments> strategies() {
        return Stream.of(
                strategy("round_robin", s -> new WeightedRoundRobin("backend", s, new SplittableRandom(1))),
                strategy("least_connections", s -> new LeastConnections("backend", s, new SplittableRandom(2))),
                strategy("p2c", s -> new PowerOfTwoChoices("backend", s, new SplittableRandom(3))),
                strategy("random", s -> new WeightedRandom("backend", s, new SplittableRandom(4))),
                strategy("consistent_hash", s -> new ConsistentHash("backend", s, "x-user-id")),
                strategy("maglev", s -> new Maglev("backend", s, "x-user-id", 65_537)),
                strategy("ring_hash", s -> new RingHash("backend", s, "x-user-id", 256)),
                // The group strategies with one group holding every endpoint behave as their inner strategy.
                strategy("subset", s -> new Subset("backend", s, s, InnerStrategy.RANDOM, SubsetFallback.NO_ENDPOINT,
                        new SplittableRandom(6))),
                strategy("zone_aware", s -> new ZoneAware("backend", s, s, InnerStrategy.P2C, 100,
                        new SplittableRandom(7))),
                strategy("priority", s -> new PriorityLevels("backend", s, List.of(s), InnerStrategy.LEAST_CONNECTIONS,
                        100_000, new SplittableRandom(8))));
    }

    private static Arguments strategy(String name, Function<List<EndpointState>, Balancer> factory) {
        return Arguments.of(Named.of(name, factory));
    }

    /** Picks spread over many keys, so consistent hashing visits every slot too. */
    private static Set<Endpoint> picked(Balancer balancer, int picks) {
        Set<Endpoint> seen = new HashSet<>();
        for (int i = 0; i < picks; i++) {
            seen.add(balancer.pick(request("/p/" + i, new HeaderMap().add("x-user-id", "user-" + i))).endpoint());
        }
        return seen;
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void neverPicksAnUnhealthyEndpointWhileAnotherIsHealthy(Function<List<EndpointState>, Balancer> factory) {
        List<EndpointState> states = states(A, B, C);
        Balancer balancer = factory.apply(states);
        assertThat(picked(balancer, 600)).as("all healthy: every endpoint serves").containsExactlyInAnyOrder(A, B, C);

        eject(states.get(1));
        assertThat(picked(balancer, 600)).as("B ejected: only A and C serve").containsExactlyInAnyOrder(A, C);

        eject(states.get(0));
        assertThat(picked(balancer, 200)).as("only C is left").containsExactly(C);

        restore(states.get(1));
        assertThat(picked(balancer, 600)).as("B restored serves again, A is still out").containsExactlyInAnyOrder(B, C);
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void panicModeUsesEveryEndpointWhenNoneIsHealthy(Function<List<EndpointState>, Balancer> factory) {
        List<EndpointState> states = states(A, B, C);
        Balancer balancer = factory.apply(states);
        states.forEach(BalancerFixtures::eject);

        assertThat(picked(balancer, 600)).as("no endpoint healthy: all of them are used, never none")
                .containsExactlyInAnyOrder(A, B, C);

        restore(states.get(2));
        assertThat(picked(balancer, 200)).as("one recovered: panic ends and it takes everything").containsExactly(C);
    }

    @Test
    void roundRobinKeepsWeightsAmongTheHealthyEndpoints() {
        Endpoint heavy = endpoint(4, 3);
        List<EndpointState> states = states(A, heavy, C);
        Balancer rr = new WeightedRoundRobin("backend", states, new SplittableRandom(5));
        eject(states.get(2));

        assertThat(spread(rr, 400)).as("1:3 over the two healthy endpoints, exact over whole cycles")
                .containsEntry(A, 100).containsEntry(heavy, 300).doesNotContainKey(C);
    }

    @Test
    void panicIsCountedOncePerTransitionNotPerPick() {
        List<EndpointState> states = states(A, B);
        HealthTracker<Void> tracker = new HealthTracker<>("backend", states, eligible -> null);

        states.forEach(BalancerFixtures::eject);
        for (int i = 0; i < 100; i++) {
            assertThat(tracker.snapshot().panic()).isTrue();
        }
        assertThat(tracker.panicEntries()).as("100 picks in panic, one warning").isEqualTo(1);

        restore(states.get(0));
        assertThat(tracker.snapshot().panic()).isFalse();
        eject(states.get(0));
        tracker.snapshot();
        tracker.snapshot();
        assertThat(tracker.panicEntries()).as("a second entry into panic warns again, once").isEqualTo(2);
    }

    @Test
    void aClusterThatStartsWithNoHealthyEndpointStartsInPanic() {
        List<EndpointState> states = states(A);
        eject(states.get(0));
        HealthTracker<Void> tracker = new HealthTracker<>("backend", states, eligible -> null);

        assertThat(tracker.snapshot().panic()).isTrue();
        assertThat(tracker.snapshot().eligible()).containsExactly(0);
        assertThat(tracker.panicEntries()).isEqualTo(1);
    }
}
