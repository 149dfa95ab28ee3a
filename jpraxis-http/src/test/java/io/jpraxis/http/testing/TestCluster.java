package io.jpraxis.http.testing;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.ClusterTlsConfig;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.HealthCheckConfig;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.RetryPolicyConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.testkit.TestOrigin;
import java.util.ArrayList;
import java.util.List;

/** Builds {@link ClusterConfig} records by hand (no YAML), with only the fields a test cares about. */
public final class TestCluster {
    private final String name;
    private final List<EndpointConfig> endpoints = new ArrayList<>();
    private Long connectMs;
    private Long totalConnectMs;
    private Long readMs;
    private Long idleMs;
    private Integer maxConnections;
    private HealthCheckConfig healthCheck;
    private ClusterTlsConfig tls;
    private RetryPolicyConfig retryPolicy;
    private ClusterHttpConfig.HttpVersion version = ClusterHttpConfig.HttpVersion.H1;

    private TestCluster(String name) {
        this.name = name;
    }

    public static TestCluster named(String name) {
        return new TestCluster(name);
    }

    public TestCluster endpoint(String host, int port) {
        endpoints.add(new EndpointConfig(new HostPort(host, port), 1));
        return this;
    }

    public TestCluster endpoint(TestOrigin origin) {
        return endpoint(origin.host(), origin.port());
    }

    /** A loopback endpoint nothing listens on: connecting is refused. */
    public TestCluster deadEndpoint() {
        return endpoint("127.0.0.1", TestOrigin.unusedPort());
    }

    public TestCluster connectMs(long ms) {
        this.connectMs = ms;
        return this;
    }

    public TestCluster totalConnectMs(long ms) {
        this.totalConnectMs = ms;
        return this;
    }

    public TestCluster readMs(long ms) {
        this.readMs = ms;
        return this;
    }

    public TestCluster idleMs(long ms) {
        this.idleMs = ms;
        return this;
    }

    public TestCluster maxConnections(int max) {
        this.maxConnections = max;
        return this;
    }

    /** Passive health only: the active probe settings are defaults nothing here runs. */
    public TestCluster passiveThresholds(int unhealthy, int healthy) {
        this.healthCheck = new HealthCheckConfig(HealthCheckConfig.HealthCheckType.HTTP, "/", 200, 5000, 2000, 2, 3,
                unhealthy, healthy, "");
        return this;
    }

    /** Active (and, when its passive thresholds are set, passive) health checking. */
    public TestCluster healthCheck(HealthCheckConfig check) {
        this.healthCheck = check;
        return this;
    }

    public TestCluster tls(String sni, boolean verify, String caPath) {
        return tls(new ClusterTlsConfig(sni, verify, caPath, null, null));
    }

    public TestCluster tls(ClusterTlsConfig config) {
        this.tls = config;
        return this;
    }

    /** A whole retry policy, as a cluster's {@code retry_policy} would read. */
    public TestCluster retry(RetryPolicyConfig policy) {
        this.retryPolicy = policy;
        return this;
    }

    public TestCluster retry(int maxRetries, long bodyLimitBytes, boolean allowNonIdempotent) {
        this.retryPolicy = RetryPolicyConfig.configured(maxRetries, bodyLimitBytes, allowNonIdempotent);
        return this;
    }

    /** The cluster's {@code http.version}. */
    public TestCluster version(ClusterHttpConfig.HttpVersion httpVersion) {
        this.version = httpVersion;
        return this;
    }

    public ClusterConfig build() {
        ClusterHttpConfig http = new ClusterHttpConfig(null, version, null, null);
        return new ClusterConfig(name, endpoints, ClusterConfig.LoadBalancerStrategy.ROUND_ROBIN, null,
                connectMs, totalConnectMs, readMs, null, idleMs, maxConnections, http, healthCheck, tls, retryPolicy,
                SourceRef.synthetic("test"));
    }

    /** The live state of the built cluster, to hand to {@link TestFilters#firstEndpoint}. */
    public ClusterState state() {
        return new ClusterState(build());
    }
}
