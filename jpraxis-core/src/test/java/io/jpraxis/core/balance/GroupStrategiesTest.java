package io.jpraxis.core.balance;

import static io.jpraxis.core.balance.BalancerFixtures.eject;
import static io.jpraxis.core.balance.BalancerFixtures.endpoint;
import static io.jpraxis.core.balance.BalancerFixtures.request;
import static io.jpraxis.core.balance.BalancerFixtures.restore;
import static io.jpraxis.core.balance.BalancerFixtures.spread;
import static io.jpraxis.core.balance.BalancerFixtures.states;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.model.TieredStrategy.InnerStrategy;
import io.jpraxis.config.model.TieredStrategy.SubsetFallback;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.EndpointState;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** priority, zone_aware and subset: which group serves as health changes, and the spread within it. */
class GroupStrategiesTest {
    private static final Endpoint A = endpoint(1, 3);
    private static final Endpoint B = endpoint(2, 1);
    private static final Endpoint C = endpoint(3, 1);
    private static final Endpoint D = endpoint(4, 1);
    private static final Endpoint E = endpoint(5, 1);

    private static PriorityLevels priority(List<EndpointState> s, long factor, List<List<EndpointState>> levels) {
        return new PriorityLevels("backend", s, levels, InnerStrategy.ROUND_ROBIN, factor, new SplittableRandom(1));
    }

    @Test
    void priorityKeepsEveryRequestOnLevelZeroWithItsWeightsWhileItIsHealthy() {
        List<EndpointState> s = states(A, B, C, D);
        PriorityLevels lb = priority(s, 140, List.of(s.subList(0, 2), s.subList(2, 4)));

        assertThat(spread(lb, 400)).as("level 0 only, round robin 3:1 exact over whole cycles")
                .containsOnlyKeys(A, B).containsEntry(A, 300).containsEntry(B, 100);
    }

    @Test
    void priorityFailsOverWhenALevelFallsBelowItsCapacityAndComesBack() {
        List<EndpointState> s = states(A, B, C, D);
        PriorityLevels lb = priority(s, 140, List.of(s.subList(0, 2), s.subList(2, 4)));

        eject(s.get(0));
        assertThat(spread(lb, 100).keySet()).as("1 of 2 healthy: 140 < 200, so level 1 takes everything")
                .containsExactlyInAnyOrder(C, D);

        restore(s.get(0));
        assertThat(spread(lb, 100).keySet()).as("level 0 whole again: traffic comes back").containsExactlyInAnyOrder(A, B);
    }

    @Test
    void priorityWithALargeFactorStaysWhileOneEndpointOfTheLevelIsHealthy() {
        List<EndpointState> s = states(A, B, C, D);
        PriorityLevels lb = priority(s, 200, List.of(s.subList(0, 2), s.subList(2, 4)));

        eject(s.get(0));
        assertThat(spread(lb, 100).keySet()).as("1 × 200 >= 2 × 100: level 0 keeps serving on B").containsExactly(B);
    }

    @Test
    void priorityWalksToTheFirstLevelWithCapacity() {
        List<EndpointState> s = states(A, B, C);
        PriorityLevels lb = priority(s, 140, List.of(s.subList(0, 1), s.subList(1, 2), s.subList(2, 3)));

        eject(s.get(0));
        eject(s.get(1));
        assertThat(spread(lb, 20).keySet()).as("levels 0 and 1 down: level 2").containsExactly(C);
    }

    @Test
    void priorityWithNoLevelAtCapacityUsesTheFirstLevelThatHasAHealthyEndpoint() {
        List<EndpointState> s = states(A, B, C, D);
        PriorityLevels lb = priority(s, 100, List.of(s.subList(0, 2), s.subList(2, 4)));
        eject(s.get(0));
        eject(s.get(1));
        eject(s.get(2));

        assertThat(spread(lb, 50).keySet()).as("factor 100 needs a whole level; none is, D is the only healthy one")
                .containsExactly(D);
    }

    @Test
    void priorityPanicsOnLevelZeroWhenNothingIsHealthy() {
        List<EndpointState> s = states(A, B, C, D);
        PriorityLevels lb = priority(s, 140, List.of(s.subList(0, 2), s.subList(2, 4)));
        s.forEach(BalancerFixtures::eject);

        assertThat(spread(lb, 100).keySet()).as("panic keeps priority order: level 0's endpoints")
                .containsExactlyInAnyOrder(A, B);
    }

    @Test
    void priorityRetriesGoToTheNextLevelOnceALevelIsTried() {
        List<EndpointState> s = states(A, B, C);
        PriorityLevels lb = priority(s, 140, List.of(s.subList(0, 2), s.subList(2, 3)));

        assertThat(lb.reselect(request("/"), Set.of(s.get(0), s.get(1)))).as("level 0 tried: level 1")
                .isSameAs(s.get(2));
        assertThat(lb.reselect(request("/"), Set.copyOf(s))).as("everything tried").isNull();
    }

    @Test
    void priorityRefusesAFactorBelow100() {
        List<EndpointState> s = states(A);
        assertThatThrownBy(() -> priority(s, 99, List.of(s))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("factor 99");
    }

    private static ZoneAware zoneAware(List<EndpointState> s, List<EndpointState> local, int pct) {
        return new ZoneAware("backend", s, local, InnerStrategy.ROUND_ROBIN, pct, new SplittableRandom(2));
    }

    @Test
    void zoneAwareKeepsTrafficInTheLocalZoneWhileEnoughOfItIsHealthy() {
        List<EndpointState> s = states(B, C, D, E);
        ZoneAware lb = zoneAware(s, s.subList(0, 3), 50);
        assertThat(spread(lb, 90).keySet()).as("local zone only").containsExactlyInAnyOrder(B, C, D);

        eject(s.get(0));
        assertThat(spread(lb, 90).keySet()).as("2 of 3 local healthy (66%) >= 50%: still local, without B")
                .containsExactlyInAnyOrder(C, D);
    }

    @Test
    void zoneAwareSpillsToTheWholeClusterBelowTheThresholdAndReturns() {
        List<EndpointState> s = states(B, C, D, E);
        ZoneAware lb = zoneAware(s, s.subList(0, 3), 70);

        eject(s.get(0));
        eject(s.get(1));
        assertThat(spread(lb, 90).keySet()).as("1 of 3 local healthy (33%) < 70%: the healthy local and remote share")
                .containsExactlyInAnyOrder(D, E);

        restore(s.get(0));
        restore(s.get(1));
        assertThat(spread(lb, 90).keySet()).as("local zone healthy again: back to local only")
                .containsExactlyInAnyOrder(B, C, D);
    }

    @Test
    void zoneAwareSpillsWhenNoLocalEndpointIsHealthyEvenAtThresholdZero() {
        List<EndpointState> s = states(B, C, D);
        ZoneAware lb = zoneAware(s, s.subList(0, 1), 0);
        eject(s.get(0));

        assertThat(spread(lb, 40).keySet()).as("a dead local zone never keeps traffic").containsExactlyInAnyOrder(C, D);
    }

    @Test
    void zoneAwareWithoutLocalEndpointsUsesEveryEndpoint() {
        List<EndpointState> s = states(B, C);
        assertThat(spread(zoneAware(s, List.of(), 70), 40).keySet()).containsExactlyInAnyOrder(B, C);
    }

    private static Subset subset(List<EndpointState> s, List<EndpointState> members, SubsetFallback fallback) {
        return new Subset("backend", s, members, InnerStrategy.ROUND_ROBIN, fallback, new SplittableRandom(3));
    }

    @Test
    void subsetSendsTrafficOnlyToMatchingEndpointsWithTheirWeights() {
        List<EndpointState> s = states(A, B, C);
        Subset lb = subset(s, List.of(s.get(0), s.get(2)), SubsetFallback.ANY_ENDPOINT);

        assertThat(spread(lb, 400)).as("A (weight 3) and C (weight 1) only").containsOnlyKeys(A, C)
                .containsEntry(A, 300).containsEntry(C, 100);
    }

    @Test
    void subsetWithAnyEndpointFallsBackToTheHealthyRestOfTheCluster() {
        List<EndpointState> s = states(A, B, C);
        Subset lb = subset(s, s.subList(0, 1), SubsetFallback.ANY_ENDPOINT);
        eject(s.get(0));
        assertThat(spread(lb, 40).keySet()).as("subset down: the cluster's healthy endpoints").containsExactlyInAnyOrder(B, C);

        restore(s.get(0));
        assertThat(spread(lb, 40).keySet()).as("subset back").containsExactly(A);
    }

    @Test
    void subsetWithNoEndpointNeverLeavesTheSubset() {
        List<EndpointState> s = states(A, B, C);
        Subset lb = subset(s, s.subList(0, 2), SubsetFallback.NO_ENDPOINT);
        eject(s.get(0));
        eject(s.get(1));

        assertThat(spread(lb, 40).keySet()).as("subset down: panic within the subset, C never")
                .containsExactlyInAnyOrder(A, B);
        assertThat(lb.reselect(request("/"), Set.of(s.get(0), s.get(1)))).as("a retry stays in the subset too")
                .isNull();
    }

    @Test
    void subsetWithAnyEndpointRetriesOutsideTheSubsetLast() {
        List<EndpointState> s = states(A, B, C);
        Subset lb = subset(s, List.of(s.get(2)), SubsetFallback.ANY_ENDPOINT);

        assertThat(lb.reselect(request("/"), Set.of(s.get(2)))).as("subset tried: the first other endpoint")
                .isSameAs(s.get(0));
    }

    @Test
    void subsetMatchingNothingUsesTheClusterOrIsRefused() {
        List<EndpointState> s = states(A, B);
        assertThat(spread(subset(s, List.of(), SubsetFallback.ANY_ENDPOINT), 40).keySet())
                .as("any_endpoint: the whole cluster").containsExactlyInAnyOrder(A, B);
        assertThatThrownBy(() -> subset(s, List.of(), SubsetFallback.NO_ENDPOINT))
                .as("no_endpoint: every request would fail, the loader refuses it").isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void leastConnectionsWithinAGroupSeesRequestsInFlightFromEveryGroup() {
        List<EndpointState> s = states(B, C, D);
        ZoneAware lb = new ZoneAware("backend", s, s.subList(0, 2), InnerStrategy.LEAST_CONNECTIONS, 100,
                new SplittableRandom(4));
        s.get(0).acquire();

        assertThat(lb.pick(request("/")).endpoint()).as("B is busy: C, the other local endpoint").isEqualTo(C);
    }
}
