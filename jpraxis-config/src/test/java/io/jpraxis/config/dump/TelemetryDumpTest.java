package io.jpraxis.config.dump;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.TelemetryConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The telemetry block is read whole and dumped without its header values. */
class TelemetryDumpTest {
    private static final String YAML = """
            listeners:
              - {name: default, address: "127.0.0.1:8080", filter_chains: [main]}
            filter_chains: [{name: main, filters: []}]
            telemetry:
              otlp_endpoint: "https://collector.example.com:4318"
              otlp_headers: {authorization: "Bearer s3cr3t-token", x-tenant: acme-secret}
              sampling_rate: 0
              service_name: edge
              service_version: "1.2.3"
              environment: staging
              batch_interval_secs: 2
              batch_size: 16
            """;

    @Test
    void readsEveryKey() {
        TelemetryConfig t = load(YAML).telemetry();

        assertThat(t).as("every key is read").isEqualTo(new TelemetryConfig("https://collector.example.com:4318",
                Map.of("authorization", "Bearer s3cr3t-token", "x-tenant", "acme-secret"), 0.0, "edge", "1.2.3",
                "staging", 2, 16));
        assertThat(t.toString()).as("toString names headers but hides their values")
                .contains("authorization").doesNotContain("s3cr3t").doesNotContain("acme-secret");
    }

    @Test
    void dumpHidesHeaderValuesAndKeepsTheRest() {
        String dumped = new ConfigYamlWriter().write(load(YAML));

        assertThat(dumped).as(dumped).contains("otlp_endpoint: https://collector.example.com:4318")
                .contains("authorization: \"[REDACTED]\"").contains("sampling_rate: 0.0").contains("batch_size: 16")
                .doesNotContain("s3cr3t").doesNotContain("acme-secret");
    }

    @Test
    void withoutTheBlockTracingIsOffAndNothingIsDumped() {
        GatewayConfig config = load(YAML.substring(0, YAML.indexOf("telemetry:")));

        assertThat(config.telemetry()).as("no block, no tracing").isNull();
        assertThat(new ConfigYamlWriter().write(config)).doesNotContain("telemetry");
    }

    private static GatewayConfig load(String yaml) {
        LoadResult result = new ConfigLoader().load(yaml, FeatureSet.NONE);
        assertThat(result.diagnostics().errors()).as(yaml).isEmpty();
        return result.config();
    }
}
