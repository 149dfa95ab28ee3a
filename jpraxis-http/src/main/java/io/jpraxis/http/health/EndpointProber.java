package io.jpraxis.http.health;

import io.jpraxis.config.model.HealthCheckConfig;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.EndpointState;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Probes one endpoint of one cluster every {@code interval_ms} on one event loop and applies each
 * result to the endpoint's shared state, logging when the endpoint is ejected or restored.
 */
final class EndpointProber {
    private static final Logger log = LoggerFactory.getLogger(EndpointProber.class);

    private final ClusterState cluster;
    private final EndpointState endpoint;
    private final HealthCheckConfig check;
    private final ProbeRun.Exchange exchange;
    private final EventLoop loop;
    private final Class<? extends Channel> channelType;
    private final AddressResolverGroup<InetSocketAddress> resolver;
    private final ProbeObserver observer;
    private final Counter passed;
    private final Counter failed;
    /** Touched only on {@link #loop}. */
    private boolean probing;
    private ScheduledFuture<?> schedule;

    EndpointProber(ClusterState cluster, EndpointState endpoint, EventLoop loop, Class<? extends Channel> channelType,
            AddressResolverGroup<InetSocketAddress> resolver, MeterRegistry meters, ProbeObserver observer) {
        this.cluster = cluster;
        this.endpoint = endpoint;
        this.check = cluster.config().healthCheck();
        this.exchange = switch (check.type()) {
            case HTTP -> new HttpProbe(check.path(), check.expectedStatus());
            case TCP -> TcpProbe.INSTANCE;
            case GRPC -> throw new IllegalStateException("cluster '" + cluster.name()
                    + "': grpc health checks are not implemented and should have been refused at config load");
        };
        this.loop = loop;
        this.channelType = channelType;
        this.resolver = resolver;
        this.observer = observer;
        this.passed = probes(meters, "passed");
        this.failed = probes(meters, "failed");
    }

    private Counter probes(MeterRegistry meters, String result) {
        return Counter.builder("jpraxis.health.probes").description("Active health-check probes by outcome")
                .tag("cluster", cluster.name()).tag("endpoint", endpoint.endpoint().address()).tag("result", result)
                .register(meters);
    }

    /** Probes now and then every {@code interval_ms} until {@link #stop()}. */
    void start() {
        schedule = loop.scheduleAtFixedRate(this::probe, 0, check.intervalMs(), TimeUnit.MILLISECONDS);
    }

    void stop() {
        if (schedule != null) {
            schedule.cancel(false);
        }
    }

    private void probe() {
        if (probing) {
            return; // timeout_ms < interval_ms makes this rare: a probe is still finishing its deadline
        }
        probing = true;
        ProbeRun.start(loop, channelType, resolver, endpoint.endpoint(), check.timeoutMs(), exchange, this::record);
    }

    private void record(ProbeResult result) {
        probing = false;
        boolean changed = endpoint.recordProbe(result.passed());
        switch (result) {
            case ProbeResult.Passed p -> {
                passed.increment();
                if (changed) {
                    log.info("cluster '{}': endpoint {} restored after {} passing health check(s)", cluster.name(),
                            endpoint.endpoint().address(), check.healthyThreshold());
                }
            }
            case ProbeResult.Failed f -> {
                failed.increment();
                if (changed) {
                    log.warn("cluster '{}': endpoint {} ejected after {} failed health check(s); last: {}",
                            cluster.name(), endpoint.endpoint().address(), check.unhealthyThreshold(), f.reason());
                } else {
                    log.debug("cluster '{}': health check of {} failed: {}", cluster.name(),
                            endpoint.endpoint().address(), f.reason());
                }
            }
        }
        observer.probed(cluster, endpoint, result);
    }
}
