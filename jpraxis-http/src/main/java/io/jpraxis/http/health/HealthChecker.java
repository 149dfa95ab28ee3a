package io.jpraxis.http.health;

import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.EndpointState;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.resolver.AddressResolverGroup;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Active health checking for a compiled gateway (see docs/behaviour/clusters.md#health-checks):
 * every endpoint of every cluster with a {@code health_check} is probed every {@code interval_ms},
 * spread over the gateway's event loops; probes never block, and results go to the endpoint state
 * the balancers read.
 *
 * <p>Probes resolve host names with the gateway's resolver, so the private-range guard that
 * protects traffic protects probes too.
 */
public final class HealthChecker implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HealthChecker.class);

    private final List<EndpointProber> probers = new ArrayList<>();
    private final List<ClusterState> checked = new ArrayList<>();
    private final MeterRegistry meters;
    /** Registered by {@link #start()} and removed by {@link #stop()}, so a reload's checker can bind its own states. */
    private final List<Gauge> gauges = new ArrayList<>();
    private boolean started;
    private boolean stopped;

    /**
     * @param clusters every cluster of the gateway; those without {@code health_check} are skipped
     * @param resolver the resolver traffic uses (with its private-range guard)
     */
    public HealthChecker(List<ClusterState> clusters, EventLoopGroup group, Class<? extends Channel> channelType,
            AddressResolverGroup<InetSocketAddress> resolver, MeterRegistry meters, ProbeObserver observer) {
        this.meters = meters;
        for (ClusterState cluster : clusters) {
            if (cluster.config().healthCheck() == null) {
                continue;
            }
            checked.add(cluster);
            for (EndpointState endpoint : cluster.endpoints()) {
                // next() spreads endpoints over the loops; each endpoint then stays on its own loop.
                probers.add(new EndpointProber(cluster, endpoint, group.next(), channelType, resolver, meters,
                        observer));
            }
        }
    }

    /** Starts probing; the first probe of every endpoint goes out at once. */
    public synchronized void start() {
        if (started) {
            throw new IllegalStateException("health checker already started");
        }
        started = true;
        for (ClusterState cluster : checked) {
            gauges.add(Gauge.builder("jpraxis.health.healthy_endpoints", cluster, ClusterState::healthyCount)
                    .description("Endpoints of the cluster that are healthy now").tag("cluster", cluster.name())
                    .register(meters));
        }
        probers.forEach(EndpointProber::start);
        if (!probers.isEmpty()) {
            log.info("health checking {} endpoint(s)", probers.size());
        }
    }

    /** Endpoints being probed. */
    public int probedEndpoints() {
        return probers.size();
    }

    /**
     * Stops scheduling probes and removes this checker's gauges; a probe already running finishes
     * (or times out) on its own. Idempotent.
     */
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        probers.forEach(EndpointProber::stop);
        gauges.forEach(meters::remove);
        gauges.clear();
    }

    @Override
    public void close() {
        stop();
    }
}
