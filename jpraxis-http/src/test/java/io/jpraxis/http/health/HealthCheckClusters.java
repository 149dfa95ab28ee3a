package io.jpraxis.http.health;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.HealthCheckConfig;
import io.jpraxis.config.model.HealthCheckConfig.HealthCheckType;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.core.upstream.ClusterState;
import java.util.Arrays;

/** Health-checked clusters over loopback endpoints, for the health tests. */
final class HealthCheckClusters {
    private HealthCheckClusters() {
    }

    /** Probe every 500 ms: quick tests, yet room for a cold first request on a busy machine. */
    static final long INTERVAL_MS = 500;
    static final long TIMEOUT_MS = 450;

    static HealthCheckConfig http(String path, int expectedStatus, int healthy, int unhealthy) {
        return new HealthCheckConfig(HealthCheckType.HTTP, path, expectedStatus, INTERVAL_MS, TIMEOUT_MS, healthy,
                unhealthy, null, null, "");
    }

    static HealthCheckConfig tcp(int healthy, int unhealthy) {
        return new HealthCheckConfig(HealthCheckType.TCP, "/", 200, INTERVAL_MS, TIMEOUT_MS, healthy, unhealthy, null,
                null, "");
    }

    /** A round-robin cluster of {@code 127.0.0.1:<port>} endpoints; {@code check} may be null. */
    static ClusterState cluster(String name, HealthCheckConfig check, int... ports) {
        return new ClusterState(config(name, check, ports));
    }

    static ClusterConfig config(String name, HealthCheckConfig check, int... ports) {
        return new ClusterConfig(name,
                Arrays.stream(ports).mapToObj(p -> new EndpointConfig(new HostPort("127.0.0.1", p), 1)).toList(),
                ClusterConfig.LoadBalancerStrategy.ROUND_ROBIN, null, null, null, null, null, null, null,
                ClusterHttpConfig.NONE, check, null, null, SourceRef.synthetic("test"));
    }
}
