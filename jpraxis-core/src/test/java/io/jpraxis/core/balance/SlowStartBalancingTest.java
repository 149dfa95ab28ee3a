package io.jpraxis.core.balance;

import static io.jpraxis.core.balance.BalancerFixtures.request;
import static io.jpraxis.core.balance.BalancerFixtures.spread;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterConfig.LoadBalancerStrategy;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.HashSizing;
import io.jpraxis.config.model.HealthCheckConfig;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.SlowStartConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.model.TieredStrategy;
import io.jpraxis.config.model.TieredStrategy.InnerStrategy;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.ClusterStates;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.EndpointState;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Picks while an endpoint ramps, on a test clock: a reload adds endpoint 5 to a cluster of four
 * (weight 1 each) with a 10 s window, and the clock stands still unless a test moves it.
 */
class SlowStartBalancingTest {
    private static final long WINDOW_MS = 10_000;
    private static final Endpoint NEW = new Endpoint("10.0.0.5", 80, 1);
    private final AtomicLong clock = new AtomicLong(1_000_000_000L);
    private final RuntimeServices services = new RuntimeServices(Clock.systemUTC(), new SplittableRandom(42),
            IdGenerator.sequential("t"));

    @Test
    void roundRobinGivesANewEndpointATenthOfItsWeightATenthIntoTheWindow() {
        Balancer rr = reloadAddingOne(LoadBalancerStrategy.ROUND_ROBIN, null);
        advance(WINDOW_MS / 10);

        Map<Endpoint, Integer> picks = spread(rr, 4100);

        assertThat(picks.get(NEW)).as("weights 1000:1000:1000:1000:100 over one full cycle").isEqualTo(100);
        assertThat(picks.get(new Endpoint("10.0.0.1", 80, 1))).as("a baseline endpoint").isEqualTo(1000);
    }

    @Test
    void theNewEndpointGetsNothingAtFirstAndItsFullShareAfterTheWindow() {
        Balancer rr = reloadAddingOne(LoadBalancerStrategy.ROUND_ROBIN, null);

        assertThat(spread(rr, 400)).as("the first instant of the ramp is no weight").doesNotContainKey(NEW);
        advance(WINDOW_MS);
        assertThat(spread(rr, 500).get(NEW)).as("after the window, an equal fifth").isEqualTo(100);
    }

    @Test
    void theRampIsFollowedStepByStepWithoutANewBalancer() {
        Balancer rr = reloadAddingOne(LoadBalancerStrategy.ROUND_ROBIN, null);
        advance(WINDOW_MS / 10);
        int early = spread(rr, 4100).getOrDefault(NEW, 0);
        advance(WINDOW_MS * 4 / 10);

        assertThat(spread(rr, 4500).get(NEW)).as("half way (weights 1000 x 4 : 500) it takes a ninth")
                .isEqualTo(500).isGreaterThan(early);
    }

    @Test
    void randomDrawsFollowTheRampedWeights() {
        Balancer random = reloadAddingOne(LoadBalancerStrategy.RANDOM, null);
        advance(WINDOW_MS / 10);

        int picks = spread(random, 41_000).getOrDefault(NEW, 0);

        assertThat(picks).as("about 100 in 4100 of the draws (seeded)").isBetween(800, 1200);
    }

    @Test
    void leastConnectionsWeighsRequestsInFlightAgainstTheRampedWeight() {
        Balancer lc = reloadAddingOne(LoadBalancerStrategy.LEAST_CONNECTIONS, null);
        advance(WINDOW_MS / 10);
        List<EndpointState> endpoints = lc.endpoints();
        endpoints.subList(0, 4).forEach(e -> IntStream.range(0, 11).forEach(i -> e.acquire()));
        endpoints.get(4).acquire();

        assertThat(lc.pick(request("/")).endpoint()).as("1 in flight at a tenth of the weight is under 11 at full")
                .isEqualTo(NEW);
        endpoints.get(4).acquire();
        assertThat(lc.pick(request("/")).endpoint()).as("2 at a tenth is more than 11 at full").isNotEqualTo(NEW);
    }

    @Test
    void p2cDrawsTheRampingEndpointRarely() {
        Balancer p2c = reloadAddingOne(LoadBalancerStrategy.P2C, null);
        advance(WINDOW_MS / 10);

        int picks = spread(p2c, 41_000).getOrDefault(NEW, 0);

        assertThat(picks).as("rarely sampled, never favoured by an idle tie").isLessThan(2_000);
    }

    @Test
    void aPriorityLevelRampsItsNewEndpointWithItsInnerStrategy() {
        Balancer priority = reloadAddingOne(LoadBalancerStrategy.PRIORITY,
                new TieredStrategy.Priority(InnerStrategy.ROUND_ROBIN, 140));
        advance(WINDOW_MS / 10);

        assertThat(spread(priority, 4100).get(NEW)).as("inner round robin over the ramped weights").isEqualTo(100);
    }

    @Test
    void hashStrategiesKeepTheConfiguredWeights() {
        for (LoadBalancerStrategy hash : List.of(LoadBalancerStrategy.CONSISTENT_HASH, LoadBalancerStrategy.MAGLEV,
                LoadBalancerStrategy.RING_HASH)) {
            Balancer ramped = reloadAddingOne(hash, null);
            ClusterConfig c = cluster(hash, null, 5, null);
            Balancer plain = Balancers.forCluster(new ClusterState(new ClusterConfig(c.name(), c.endpoints(),
                    hash, c.hashHeader(), c.hashSizing(), null, null, null, null, null, null, null, c.http(), null,
                    null, null, c.source())), services);
            for (int user = 0; user < 200; user++) {
                HeaderMap headers = new HeaderMap().add("x-user", "u" + user);
                assertThat(ramped.pick(request("/", headers)).endpoint()).as("%s key u%d", hash, user)
                        .isEqualTo(plain.pick(request("/", headers)).endpoint());
            }
        }
    }

    @Test
    void anEndpointBackFromUnhealthyRampsAgain() {
        HealthCheckConfig flip = BalancerFixtures.FLIP;
        ClusterState state = new ClusterStates(clock::get).stateFor(cluster(LoadBalancerStrategy.ROUND_ROBIN, null,
                5, flip));
        Balancer rr = Balancers.forCluster(state, services);
        EndpointState back = state.endpoints().get(4);
        assertThat(spread(rr, 500).get(NEW)).as("at startup every endpoint is the baseline").isEqualTo(100);

        back.recordProbe(false);
        back.recordProbe(true);
        advance(WINDOW_MS / 10);

        assertThat(spread(rr, 4100).get(NEW)).as("recovered a tenth of a window ago").isEqualTo(100);
    }

    /** A cluster of four with slow start, then a reload to five: the fifth ramps from now. */
    private Balancer reloadAddingOne(LoadBalancerStrategy strategy, TieredStrategy tiered) {
        ClusterStates before = new ClusterStates(clock::get);
        before.stateFor(cluster(strategy, tiered, 4, null));
        ClusterStates after = new ClusterStates(clock::get);
        ClusterState state = after.stateFor(cluster(strategy, tiered, 5, null));
        assertThat(after.inheritSlowStart(before)).as("one endpoint joins").isEqualTo(1);
        return Balancers.forCluster(state, services);
    }

    private void advance(long millis) {
        clock.addAndGet(millis * 1_000_000);
    }

    private static ClusterConfig cluster(LoadBalancerStrategy strategy, TieredStrategy tiered, int endpoints,
            HealthCheckConfig check) {
        List<EndpointConfig> list = new ArrayList<>();
        for (int i = 1; i <= endpoints; i++) {
            list.add(new EndpointConfig(new HostPort("10.0.0." + i, 80), 1));
        }
        boolean hashed = strategy == LoadBalancerStrategy.CONSISTENT_HASH || strategy == LoadBalancerStrategy.MAGLEV
                || strategy == LoadBalancerStrategy.RING_HASH;
        return new ClusterConfig("backend", list, strategy, hashed ? "x-user" : null, HashSizing.DEFAULT, tiered, null,
                null, null, null, null, null, ClusterHttpConfig.NONE, check, null, null,
                SourceRef.synthetic("clusters"), new SlowStartConfig(WINDOW_MS, 1));
    }
}
