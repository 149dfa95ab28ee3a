package io.jpraxis.config.dump;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.config.model.ClusterConfig.LoadBalancerStrategy;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.TieredStrategy;
import io.jpraxis.config.model.TieredStrategy.InnerStrategy;
import io.jpraxis.config.model.TieredStrategy.SubsetFallback;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * subset, zone_aware and priority read their parameters with Praxis's defaults, endpoints keep
 * their metadata, priority and zone, and the dump reads back to the same config.
 */
class GroupStrategyDumpTest {
    private static final String YAML = """
            filter_chains: [{name: main, filters: []}]
            listeners:
              - {name: default, address: "127.0.0.1:8080", filter_chains: [main]}
            clusters:
              - name: s
                endpoints:
                  - {address: "a.example.com:80", metadata: {version: canary, gpu: 2}}
                  - "b.example.com:80"
                load_balancer_strategy: {subset: {selector: {version: canary}}}
              - name: z
                endpoints: [{address: "a.example.com:80", zone: us-east-1a}]
                load_balancer_strategy: {zone_aware: {local_zone: us-east-1a, inner_strategy: p2c}}
              - name: p
                endpoints: ["a.example.com:80", {address: "b.example.com:80", priority: 2}]
                load_balancer_strategy: priority
              - name: p2
                endpoints: ["a.example.com:80"]
                load_balancer_strategy: {priority: {overprovisioning_factor: 200, inner_strategy: least_connections}}
            """;

    @Test
    void readsParametersWithPraxisDefaultsAndDumpsThemBack() {
        GatewayConfig original = load(YAML);

        assertThat(original.clusters().get(0).tiered()).as("subset defaults: round_robin, any_endpoint")
                .isEqualTo(new TieredStrategy.Subset(Map.of("version", "canary"), InnerStrategy.ROUND_ROBIN,
                        SubsetFallback.ANY_ENDPOINT));
        EndpointConfig labelled = original.clusters().get(0).endpoints().get(0);
        assertThat(labelled.metadata()).as("a number label reads as its text, in config order")
                .containsExactly(Map.entry("version", "canary"), Map.entry("gpu", "2"));
        assertThat(original.clusters().get(1).tiered()).as("zone_aware default threshold 70")
                .isEqualTo(new TieredStrategy.ZoneAware("us-east-1a", InnerStrategy.P2C, 70));
        assertThat(original.clusters().get(1).endpoints().get(0).zone()).isEqualTo("us-east-1a");
        assertThat(original.clusters().get(2).loadBalancerStrategy()).isEqualTo(LoadBalancerStrategy.PRIORITY);
        assertThat(original.clusters().get(2).tiered()).as("bare priority: factor 140, round_robin")
                .isEqualTo(TieredStrategy.Priority.DEFAULT);
        assertThat(original.clusters().get(2).endpoints()).extracting(EndpointConfig::priority).containsExactly(0L, 2L);
        assertThat(original.clusters().get(3).tiered())
                .isEqualTo(new TieredStrategy.Priority(InnerStrategy.LEAST_CONNECTIONS, 200));

        String dumped = new ConfigYamlWriter().write(original);

        assertThat(dumped).as(dumped).contains("fallback_policy: any_endpoint").contains("min_local_healthy_pct: 70")
                .contains("overprovisioning_factor: 140").contains("zone: us-east-1a").contains("priority: 2");
        assertThat(load(dumped)).usingRecursiveComparison().ignoringFieldsMatchingRegexes(".*source", ".*line")
                .isEqualTo(original);
    }

    private static GatewayConfig load(String yaml) {
        LoadResult result = new ConfigLoader().load(yaml, FeatureSet.NONE);
        assertThat(result.diagnostics().errors()).as(yaml).isEmpty();
        return result.config();
    }
}
