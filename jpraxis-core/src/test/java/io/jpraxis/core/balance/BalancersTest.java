package io.jpraxis.core.balance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterConfig.LoadBalancerStrategy;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.HashSizing;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.model.TieredStrategy;
import io.jpraxis.config.model.TieredStrategy.InnerStrategy;
import io.jpraxis.config.model.TieredStrategy.SubsetFallback;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.EndpointState;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BalancersTest {
    private static final RuntimeServices SERVICES = new RuntimeServices(
            Clock.fixed(Instant.parse("2025-01-01T00:00:00Z"), ZoneOffset.UTC), new SplittableRandom(42),
            IdGenerator.sequential("t"));

    private static ClusterConfig cluster(LoadBalancerStrategy strategy, List<EndpointConfig> endpoints) {
        return new ClusterConfig("backend", endpoints, strategy, null, null, null, null, null, null, null,
                ClusterHttpConfig.NONE, null, null, null, SourceRef.synthetic("clusters"));
    }

    @Test
    void roundRobinClusterGetsWeightedRoundRobinOverItsEndpoints() {
        ClusterConfig c = cluster(LoadBalancerStrategy.ROUND_ROBIN, List.of(
                new EndpointConfig(new HostPort("10.0.0.1", 8080), 2),
                new EndpointConfig(new HostPort("::1", 9090), 1)));
        Balancer balancer = Balancers.forCluster(new ClusterState(c), SERVICES);
        assertThat(balancer).isInstanceOf(WeightedRoundRobin.class);
        assertThat(balancer.endpoints().stream().map(EndpointState::endpoint).toList()).as("endpoints keep config order, host, port and weight")
                .containsExactly(new Endpoint("10.0.0.1", 8080, 2), new Endpoint("::1", 9090, 1));
    }

    @Test
    void unsetStrategyMeansRoundRobin() {
        ClusterConfig c = cluster(null, List.of(new EndpointConfig(new HostPort("10.0.0.1", 80), 1)));
        assertThat(Balancers.forCluster(new ClusterState(c), SERVICES)).isInstanceOf(WeightedRoundRobin.class);
    }

    @Test
    void eachImplementedStrategyGetsItsBalancer() {
        List<EndpointConfig> endpoints = List.of(new EndpointConfig(new HostPort("10.0.0.1", 80), 1));
        assertThat(Balancers.forCluster(new ClusterState(cluster(LoadBalancerStrategy.LEAST_CONNECTIONS, endpoints)),
                SERVICES)).isInstanceOf(LeastConnections.class);
        assertThat(Balancers.forCluster(new ClusterState(cluster(LoadBalancerStrategy.P2C, endpoints)), SERVICES))
                .isInstanceOf(PowerOfTwoChoices.class);
        assertThat(Balancers.forCluster(new ClusterState(cluster(LoadBalancerStrategy.RANDOM, endpoints)), SERVICES))
                .isInstanceOf(WeightedRandom.class);
        assertThat(Balancers.forCluster(new ClusterState(cluster(LoadBalancerStrategy.CONSISTENT_HASH, endpoints)),
                SERVICES)).isInstanceOf(ConsistentHash.class);
        assertThat(Balancers.forCluster(new ClusterState(cluster(LoadBalancerStrategy.MAGLEV, endpoints)), SERVICES))
                .isInstanceOf(Maglev.class);
        assertThat(Balancers.forCluster(new ClusterState(cluster(LoadBalancerStrategy.RING_HASH, endpoints)),
                SERVICES)).isInstanceOf(RingHash.class);
    }

    @Test
    void groupStrategyWithoutParametersIsAProgrammerError() {
        ClusterConfig c = cluster(LoadBalancerStrategy.SUBSET,
                List.of(new EndpointConfig(new HostPort("10.0.0.1", 80), 1)));
        assertThatThrownBy(() -> Balancers.forCluster(new ClusterState(c), SERVICES)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("subset").hasMessageContaining("backend");
    }

    private static ClusterConfig grouped(LoadBalancerStrategy strategy, TieredStrategy tiered,
            List<EndpointConfig> endpoints) {
        return new ClusterConfig("backend", endpoints, strategy, null, HashSizing.DEFAULT, tiered, null, null, null,
                null, null, null, ClusterHttpConfig.NONE, null, null, null, SourceRef.synthetic("clusters"));
    }

    private static EndpointConfig placed(int octet, Map<String, String> metadata, long priority, String zone) {
        return new EndpointConfig(new HostPort("10.0.0." + octet, 80), 1, metadata, priority, zone);
    }

    @Test
    void groupStrategiesGroupTheEndpointsByTheirConfig() {
        List<EndpointConfig> endpoints = List.of(placed(1, Map.of("v", "canary"), 5, "z1"),
                placed(2, Map.of("v", "stable"), 0, "z2"), placed(3, Map.of(), 5, "z1"));
        RequestContext ctx = BalancerFixtures.request("/");

        Balancer subset = Balancers.forCluster(new ClusterState(grouped(LoadBalancerStrategy.SUBSET,
                new TieredStrategy.Subset(Map.of("v", "canary"), InnerStrategy.ROUND_ROBIN, SubsetFallback.NO_ENDPOINT),
                endpoints)), SERVICES);
        assertThat(subset).isInstanceOf(Subset.class);
        assertThat(subset.pick(ctx).endpoint().host()).as("only the canary").isEqualTo("10.0.0.1");

        Balancer zone = Balancers.forCluster(new ClusterState(grouped(LoadBalancerStrategy.ZONE_AWARE,
                new TieredStrategy.ZoneAware("z2", InnerStrategy.RANDOM, 70), endpoints)), SERVICES);
        assertThat(zone).isInstanceOf(ZoneAware.class);
        assertThat(zone.pick(ctx).endpoint().host()).as("the only endpoint in z2").isEqualTo("10.0.0.2");

        PriorityLevels priority = (PriorityLevels) Balancers.forCluster(new ClusterState(grouped(
                LoadBalancerStrategy.PRIORITY, null, endpoints)), SERVICES);
        assertThat(priority.levels()).as("levels 0 then 5, config order within a level")
                .extracting(g -> g.members().stream().map(e -> e.endpoint().host()).toList())
                .containsExactly(List.of("10.0.0.2"), List.of("10.0.0.1", "10.0.0.3"));
    }

    @Test
    void clusterWithoutEndpointsIsRefused() {
        ClusterConfig c = cluster(LoadBalancerStrategy.ROUND_ROBIN, List.of());
        assertThatThrownBy(() -> Balancers.forCluster(new ClusterState(c), SERVICES)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no endpoints");
    }
}
