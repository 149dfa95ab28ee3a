package io.jpraxis.filters.traffic.circuitbreaker;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.declarationOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.filters.testing.FilterFixtures.Built;
import io.jpraxis.filters.traffic.circuitbreaker.CircuitBreakerConfig.ClusterPolicy;
import java.util.List;
import org.junit.jupiter.api.Test;

class CircuitBreakerFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    private static Built built(String yaml) {
        return build(new CircuitBreakerFactory(), yaml);
    }

    private static List<String> refused(String yaml) {
        return built(yaml).refused();
    }

    @Test
    void readsClustersWithTheHalfOpenDefault() {
        CircuitBreakerFilter filter = (CircuitBreakerFilter) built("""
                clusters:
                  - name: api
                    consecutive_failures: 5
                    recovery_window_secs: 30
                  - name: db
                    consecutive_failures: 1
                    recovery_window_secs: 2
                    half_open_timeout_secs: 7
                """).accepted();
        assertThat(filter.config().clusters()).as("half_open_timeout_secs defaults to 30").containsExactly(
                new ClusterPolicy("api", 5, 30, 30), new ClusterPolicy("db", 1, 2, 7));
    }

    @Test
    void declaresResponseAndLogHooks() {
        var declaration = declarationOf(built("clusters: [{name: a, consecutive_failures: 1, recovery_window_secs: 1}]\n")
                .accepted());
        assertThat(declaration.responseHook()).as("outcomes are recorded in the response phase").isTrue();
        assertThat(declaration.logHook()).as("a probe whose client left is freed at the exchange end").isTrue();
        assertThat(declaration.traits()).as("cluster_reader_without_router wants a router before it")
                .containsExactly(io.jpraxis.core.filter.FilterTrait.READS_CLUSTER);
    }

    @Test
    void clustersIsRequiredAndNotEmpty() {
        assertThat(refused("{}\n")).singleElement().asString()
                .contains(AT + "clusters: missing (expected: a value; this key is required)");
        assertThat(refused("clusters: []\n")).singleElement().asString()
                .contains(AT + "clusters: [] (expected: at least one cluster");
    }

    @Test
    void everyValueMustBePositiveAndTheErrorNamesClusterAndField() {
        List<String> errors = refused("""
                clusters:
                  - name: api
                    consecutive_failures: 0
                    recovery_window_secs: -1
                    half_open_timeout_secs: 0
                """);
        assertThat(errors).as("all three collected").hasSize(3);
        assertThat(errors.get(0)).contains(AT + "clusters[0].consecutive_failures: 0 (expected: an integer from 1 to "
                + "4294967295 for cluster \"api\")");
        assertThat(errors.get(1)).contains(AT + "clusters[0].recovery_window_secs: -1 (expected:")
                .contains("cluster \"api\"");
        assertThat(errors.get(2)).contains(AT + "clusters[0].half_open_timeout_secs: 0 (expected:")
                .contains("cluster \"api\"");
    }

    @Test
    void requiredFieldsMissingNameTheCluster() {
        assertThat(refused("clusters:\n  - name: api\n")).containsExactlyInAnyOrder(
                "line 2: " + AT + "clusters[0].consecutive_failures: missing (expected: an integer from 1 to 4294967295 "
                        + "for cluster \"api\"; this key is required)",
                "line 2: " + AT + "clusters[0].recovery_window_secs: missing (expected: an integer from 1 to 4294967295 "
                        + "for cluster \"api\"; this key is required)");
    }

    @Test
    void nameIsRequiredAndNotEmpty() {
        assertThat(refused("clusters:\n  - consecutive_failures: 1\n    recovery_window_secs: 1\n")).singleElement()
                .asString().contains(AT + "clusters[0].name: missing");
        assertThat(refused("clusters:\n  - name: \"\"\n    consecutive_failures: 1\n    recovery_window_secs: 1\n"))
                .singleElement().asString().contains(AT + "clusters[0].name: \"\" (expected: a cluster name (not empty))");
    }

    @Test
    void refusesADuplicateClusterName() {
        assertThat(refused("""
                clusters:
                  - {name: api, consecutive_failures: 1, recovery_window_secs: 1}
                  - {name: api, consecutive_failures: 2, recovery_window_secs: 2}
                """)).singleElement().asString().contains(AT + "clusters[1].name: \"api\" (expected: each cluster "
                + "listed once (cluster \"api\" is also clusters[0]))");
    }

    @Test
    void rejectsUnknownKeysAtBothLevels() {
        assertThat(refused("clusters: [{name: a, consecutive_failures: 1, recovery_window_secs: 1, window: 3}]\n"))
                .singleElement().asString().contains(AT + "clusters[0].window");
        assertThat(refused("clusters: [{name: a, consecutive_failures: 1, recovery_window_secs: 1}]\nmode: x\n"))
                .singleElement().asString().contains(AT + "mode");
    }

    @Test
    void refusesAValueOfTheWrongType() {
        assertThat(refused("clusters: [{name: a, consecutive_failures: \"3\", recovery_window_secs: 1}]\n"))
                .singleElement().asString().contains(AT + "clusters[0].consecutive_failures: \"3\"");
    }
}
