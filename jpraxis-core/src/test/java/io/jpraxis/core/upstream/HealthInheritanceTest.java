package io.jpraxis.core.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.HealthCheckConfig;
import io.jpraxis.config.model.HealthCheckConfig.HealthCheckType;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.SourceRef;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A reload keeps known-down endpoints out of rotation in clusters whose health check did not change. */
class HealthInheritanceTest {
    private static final HealthCheckConfig CHECK = new HealthCheckConfig(HealthCheckType.HTTP, "/", 200, 5000, 2000,
            2, 1, null, null, "");

    private static ClusterConfig cluster(String name, HealthCheckConfig check, int line, String... endpoints) {
        List<EndpointConfig> eps = Arrays.stream(endpoints)
                .map(a -> new EndpointConfig(new HostPort(a.substring(0, a.indexOf(':')),
                        Integer.parseInt(a.substring(a.indexOf(':') + 1))), 1))
                .toList();
        return new ClusterConfig(name, eps, ClusterConfig.LoadBalancerStrategy.ROUND_ROBIN, null, null, null, null,
                null, null, null, ClusterHttpConfig.NONE, check, null, null,
                new SourceRef(ConfigPath.root(), line));
    }

    private static ClusterStates states(ClusterConfig... clusters) {
        ClusterStates states = new ClusterStates();
        for (ClusterConfig c : clusters) {
            states.stateFor(c);
        }
        states.seal();
        return states;
    }

    private static void eject(ClusterStates states, String cluster, String address) {
        EndpointState e = states.all().stream().filter(s -> s.name().equals(cluster)).findFirst().orElseThrow()
                .endpoint(address);
        assertThat(e.recordProbe(false)).as("one failed probe ejects (unhealthy_threshold 1)").isTrue();
    }

    private static boolean healthy(ClusterStates states, String cluster, String address) {
        return states.all().stream().filter(s -> s.name().equals(cluster)).findFirst().orElseThrow()
                .endpoint(address).healthy();
    }

    @Test
    void unchangedClusterKeepsItsEjectedEndpointsEvenWhenMovedInTheFile() {
        ClusterStates before = states(cluster("api", CHECK, 10, "10.0.0.1:80", "10.0.0.2:80"));
        eject(before, "api", "10.0.0.2:80");
        ClusterStates after = states(cluster("api", CHECK, 42, "10.0.0.3:80", "10.0.0.2:80", "10.0.0.1:80"));

        assertThat(after.inheritHealth(before)).isEqualTo(1);

        assertThat(healthy(after, "api", "10.0.0.2:80")).as("known down, matched by address").isFalse();
        assertThat(healthy(after, "api", "10.0.0.1:80")).isTrue();
        assertThat(healthy(after, "api", "10.0.0.3:80")).as("a new endpoint starts healthy").isTrue();
    }

    @Test
    void changedHealthCheckOrRenamedClusterStartsAfresh() {
        ClusterStates before = states(cluster("api", CHECK, 1, "10.0.0.1:80"), cluster("web", CHECK, 2, "10.0.0.9:80"));
        eject(before, "api", "10.0.0.1:80");
        eject(before, "web", "10.0.0.9:80");
        HealthCheckConfig otherPath = new HealthCheckConfig(HealthCheckType.HTTP, "/healthz", 200, 5000, 2000, 2, 1,
                null, null, "");
        ClusterStates after = states(cluster("api", otherPath, 1, "10.0.0.1:80"),
                cluster("www", CHECK, 2, "10.0.0.9:80"));

        assertThat(after.inheritHealth(before)).as("nothing carries over").isZero();
        assertThat(healthy(after, "api", "10.0.0.1:80")).isTrue();
        assertThat(healthy(after, "www", "10.0.0.9:80")).isTrue();
    }

    @Test
    void clusterThatDroppedItsHealthCheckIsNeverEjected() {
        ClusterStates before = states(cluster("api", CHECK, 1, "10.0.0.1:80"));
        eject(before, "api", "10.0.0.1:80");
        ClusterStates after = states(cluster("api", null, 1, "10.0.0.1:80"));

        assertThat(after.inheritHealth(before)).isZero();
        assertThat(healthy(after, "api", "10.0.0.1:80")).as("without a health check nothing can restore it").isTrue();
    }
}
