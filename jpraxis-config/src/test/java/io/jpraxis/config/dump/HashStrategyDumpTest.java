package io.jpraxis.config.dump;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterConfig.LoadBalancerStrategy;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.HashSizing;
import org.junit.jupiter.api.Test;

/** maglev and ring_hash read their parameters, apply defaults, and dump back to the same config. */
class HashStrategyDumpTest {
    private static final String YAML = """
            filter_chains: [{name: main, filters: []}]
            listeners:
              - {name: default, address: "127.0.0.1:8080", filter_chains: [main]}
            clusters:
              - name: m
                endpoints: ["a.example.com:80", "b.example.com:80"]
                load_balancer_strategy: {maglev: {header: x-user-id, table_size: 1009}}
              - name: r
                endpoints: ["a.example.com:80"]
                load_balancer_strategy: {ring_hash: {virtual_nodes: 64}}
              - name: plain
                endpoints: ["a.example.com:80"]
                load_balancer_strategy: maglev
            """;

    @Test
    void readsParametersAndDefaultsAndDumpsThemBack() {
        GatewayConfig original = load(YAML);
        ClusterConfig m = original.clusters().get(0);
        assertThat(m.loadBalancerStrategy()).isEqualTo(LoadBalancerStrategy.MAGLEV);
        assertThat(m.hashHeader()).isEqualTo("x-user-id");
        assertThat(m.hashSizing().maglevTableSize()).isEqualTo(1009);
        assertThat(original.clusters().get(1).hashSizing().ringVirtualNodes()).isEqualTo(64);
        assertThat(original.clusters().get(2).hashSizing()).as("plain name: the defaults").isEqualTo(HashSizing.DEFAULT);

        String dumped = new ConfigYamlWriter().write(original);

        assertThat(dumped).as(dumped).contains("table_size: 1009").contains("virtual_nodes: 64")
                .contains("table_size: 65537");
        assertThat(load(dumped)).usingRecursiveComparison().ignoringFieldsMatchingRegexes(".*source", ".*line")
                .isEqualTo(original);
    }

    private static GatewayConfig load(String yaml) {
        LoadResult result = new ConfigLoader().load(yaml, FeatureSet.NONE);
        assertThat(result.diagnostics().errors()).as(yaml).isEmpty();
        return result.config();
    }
}
