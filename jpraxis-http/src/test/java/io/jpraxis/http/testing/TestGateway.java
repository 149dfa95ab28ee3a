package io.jpraxis.http.testing;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.AdminConfig;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.model.ListenerConfig;
import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.RuntimeConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.core.condition.RequestCondition;
import io.jpraxis.core.condition.ResponseCondition;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.Declares;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterStates;
import io.jpraxis.http.server.HttpGateway;
import io.jpraxis.http.server.Transport;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Builds a {@link CompiledGateway} straight from test filters (no YAML, no compiler) and serves it
 * on loopback port 0.
 */
public final class TestGateway implements AutoCloseable {
    private final HttpGateway gateway;

    private TestGateway(HttpGateway gateway) {
        this.gateway = gateway;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A cluster with default timeouts and no endpoints of its own (filters pick the endpoint). */
    public static ClusterConfig cluster(String name) {
        return cluster(name, null, null, null, null);
    }

    public static ClusterConfig cluster(String name, Long connectMs, Long readMs, Long idleMs, String authority) {
        return cluster(name, connectMs, readMs, null, idleMs, authority);
    }

    public static ClusterConfig cluster(String name, Long connectMs, Long readMs, Long writeMs, Long idleMs,
            String authority) {
        ClusterHttpConfig http = new ClusterHttpConfig(authority, ClusterHttpConfig.HttpVersion.H1, null, null);
        return new ClusterConfig(name, List.of(), ClusterConfig.LoadBalancerStrategy.ROUND_ROBIN, null,
                connectMs, null, readMs, writeMs, idleMs, null, http, null, null, null, SourceRef.synthetic("test"));
    }

    public HttpGateway gateway() {
        return gateway;
    }

    public int port() {
        return gateway.port("main");
    }

    @Override
    public void close() {
        gateway.stop(Duration.ofSeconds(2));
    }

    /** Options of a one-listener test gateway. */
    public static final class Builder {
        private final List<HttpFilter> filters = new ArrayList<>();
        private BodyLimits limits = BodyLimits.DEFAULT;
        private RuntimeConfig runtime = new RuntimeConfig(2, RuntimeConfig.DEFAULT_KEEPALIVE_POOL, null);
        private Integer listenerMaxConnections;
        private Long keepAliveTimeoutMs;
        private Long bodyReadTimeoutMs;
        private Transport transport = Transport.select();
        private InsecureOptions insecure = InsecureOptions.NONE;
        private ListenerTlsConfig tls;

        public Builder filter(HttpFilter filter) {
            filters.add(filter);
            return this;
        }

        public Builder bodyLimits(Long maxRequestBytes, Long maxResponseBytes) {
            this.limits = new BodyLimits(maxRequestBytes, maxResponseBytes);
            return this;
        }

        public Builder runtime(int threads, Integer keepalivePool, Integer maxConnections) {
            this.runtime = new RuntimeConfig(threads, keepalivePool, maxConnections);
            return this;
        }

        public Builder listenerMaxConnections(Integer max) {
            this.listenerMaxConnections = max;
            return this;
        }

        public Builder keepAliveTimeoutMs(Long ms) {
            this.keepAliveTimeoutMs = ms;
            return this;
        }

        public Builder bodyReadTimeoutMs(Long ms) {
            this.bodyReadTimeoutMs = ms;
            return this;
        }

        /**
         * Allows host names that resolve into loopback or private ranges (see
         * docs/behaviour/config-loading.md#insecure-options).
         */
        public Builder allowPrivateUpstreams() {
            this.insecure = new InsecureOptions(false, true, false, true, false, false, false, false, false, false,
                    java.util.Set.of(), false);
            return this;
        }

        /** Serves the listener over TLS with this block (null: cleartext). */
        public Builder tls(ListenerTlsConfig block) {
            this.tls = block;
            return this;
        }

        public Builder transport(Transport chosen) {
            this.transport = chosen;
            return this;
        }

        public CompiledGateway compile() {
            ListenerConfig listener = new ListenerConfig("main", new HostPort("127.0.0.1", 0),
                    ListenerConfig.ListenerProtocol.HTTP, List.of("test"), listenerMaxConnections, bodyReadTimeoutMs,
                    keepAliveTimeoutMs, tls, SourceRef.synthetic("listener"));
            List<CompiledFilter> compiled = new ArrayList<>();
            for (int i = 0; i < filters.size(); i++) {
                HttpFilter f = filters.get(i);
                FilterEntryConfig entry = new FilterEntryConfig(f.type(), null, List.of(), List.of(),
                        FilterEntryConfig.FailureMode.CLOSED, null, null, SourceRef.synthetic("filter"));
                compiled.add(new CompiledFilter(i, f, Declares.of(f), RequestCondition.ALWAYS, false, ResponseCondition.ALWAYS,
                        FilterEntryConfig.FailureMode.CLOSED, "test", entry));
            }
            GatewayConfig config = new GatewayConfig(List.of(listener), List.of(), List.of(), limits,
                    AdminConfig.DISABLED, runtime, insecure, 2);
            return new CompiledGateway(config, FeatureSet.NONE,
                    List.of(new CompiledGateway.Listener(listener, new CompiledPipeline("main", compiled, limits))),
                    new ClusterStates());
        }

        public TestGateway start() {
            RuntimeServices services = new RuntimeServices(Clock.systemUTC(), RandomGenerator.of("L64X128MixRandom"),
                    IdGenerator.sequential("req"));
            return new TestGateway(new HttpGateway(compile(), services, transport).start());
        }
    }
}
