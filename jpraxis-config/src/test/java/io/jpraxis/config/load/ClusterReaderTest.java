package io.jpraxis.config.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.tree.YamlTreeParser;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The entry point the load_balancer filter uses for its inline clusters. */
class ClusterReaderTest {
    private static final InsecureOptions ALLOW_PRIVATE = new InsecureOptions(false, true, false, false, false, false,
            false, false, false, false, Set.of(), false);
    private static final ConfigPath PATH = ConfigPath.root().key("filter_chains").index(0).key("filters").index(1)
            .key("clusters").index(0);

    @Test
    void readsAnInlineClusterWithAllItsFields() {
        Diagnostics d = new Diagnostics();
        Optional<ClusterConfig> cluster = ClusterReader.read(node("""
                name: openai_backend
                endpoints:
                  - "api.openai.com:443"
                  - {address: "api2.openai.com:443", weight: 3}
                read_timeout_ms: 1000
                http:
                  application_protocol: openai_responses
                  application_provider: openai
                """, d), PATH, d, InsecureOptions.NONE);

        assertThat(d.all()).isEmpty();
        assertThat(cluster).hasValueSatisfying(c -> {
            assertThat(c.name()).isEqualTo("openai_backend");
            assertThat(c.endpoints()).containsExactly(new EndpointConfig(new HostPort("api.openai.com", 443), 1),
                    new EndpointConfig(new HostPort("api2.openai.com", 443), 3));
            assertThat(c.readTimeoutMs()).isEqualTo(1000L);
            assertThat(c.http().applicationProtocol()).isEqualTo("openai_responses");
            assertThat(c.source().path()).isEqualTo(PATH);
        });
    }

    @Test
    void refusesAPrivateEndpointUnlessTheFlagIsSet() {
        String yaml = "name: local\nendpoints: [\"127.0.0.1:3001\"]\n";
        Diagnostics refused = new Diagnostics();
        Diagnostics scoped = refused.scoped(new FilterScope("load_balancer", "lb", "main", null));

        assertThat(ClusterReader.read(node(yaml, refused), PATH, scoped, InsecureOptions.NONE)).isEmpty();
        assertThat(refused.errors()).singleElement().satisfies(e -> {
            assertThat(e.render()).contains(PATH + ".endpoints[0]: endpoint 127.0.0.1:3001 is in the loopback range")
                    .contains("insecure_options.allow_private_endpoints");
            assertThat(e.scope()).as("the caller's scope is kept").isEqualTo(scoped.scope());
        });

        Diagnostics allowed = new Diagnostics();
        assertThat(ClusterReader.read(node(yaml, allowed), PATH, allowed, ALLOW_PRIVATE)).isPresent();
        assertThat(allowed.all()).isEmpty();
    }

    @Test
    void returnsEmptyWhenAnythingIsWrongButReportsAllOfIt() {
        Diagnostics d = new Diagnostics();
        Optional<ClusterConfig> cluster = ClusterReader.read(node("""
                endpoints: []
                load_balancer_strategy: random
                """, d), PATH, d, InsecureOptions.NONE);

        assertThat(cluster).isEmpty();
        assertThat(d.errors()).extracting(Diagnostic::message).containsExactlyInAnyOrder(
                "missing (expected: a value; this key is required)",
                "[] (expected: at least one endpoint)",
                "\"random\" is not implemented in jpraxis (expected: round_robin)");
    }

    private static ConfigNode node(String yaml, Diagnostics d) {
        return new YamlTreeParser().parse(yaml, d);
    }
}
