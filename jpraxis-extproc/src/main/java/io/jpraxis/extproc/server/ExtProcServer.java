package io.jpraxis.extproc.server;

import io.envoyproxy.envoy.service.ext_proc.v3.ExternalProcessorGrpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.extproc.config.ExtProcBuild;
import io.jpraxis.extproc.config.ExtProcServerConfig;
import io.jpraxis.extproc.stream.ExtProcMetrics;
import io.jpraxis.extproc.stream.StreamSettings;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running ext_proc server (see docs/behaviour/ext-proc.md#the-service): the {@code
 * ExternalProcessor} service on {@code grpc_address}, the gRPC health service on {@code
 * health_address} (and on the gRPC port, where Envoy's cluster health checks look), Prometheus text
 * on {@code metrics_address}.
 */
public final class ExtProcServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ExtProcServer.class);
    /** How long open health watches get to receive NOT_SERVING before the health server is cut. */
    private static final Duration HEALTH_FLUSH = Duration.ofMillis(200);
    /**
     * Health service names (see docs/behaviour/ext-proc.md#picker-mode): overall, liveness,
     * readiness and the ext_proc service.
     */
    public static final List<String> HEALTH_SERVICES = List.of("", "liveness", "readiness",
            ExternalProcessorGrpc.SERVICE_NAME);

    private final ExtProcBuild build;
    private final Server grpc;
    private final Server health;
    private final MetricsEndpoint metrics;
    private final HealthStatusManager status;
    private final PrometheusMeterRegistry registry;

    private ExtProcServer(ExtProcBuild build, Server grpc, Server health, MetricsEndpoint metrics,
            HealthStatusManager status, PrometheusMeterRegistry registry) {
        this.build = build;
        this.grpc = grpc;
        this.health = health;
        this.metrics = metrics;
        this.status = status;
        this.registry = registry;
    }

    /**
     * Starts the filters and binds the three ports of {@code server} (port 0 picks a free one);
     * everything already bound is released when a later bind fails.
     */
    public static ExtProcServer start(ExtProcBuild build, ExtProcServerConfig server, RuntimeServices services)
            throws IOException {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        StreamSettings settings = new StreamSettings(build.pipeline(), server.pickerMode(),
                build.routeHeader(), new ExtProcMetrics(registry), services, StreamSettings.DEFAULT_MAX_BODY_BYTES);
        HealthStatusManager status = new HealthStatusManager();
        build.gateway().start();
        Server grpc = null;
        Server health = null;
        try {
            grpc = NettyServerBuilder.forAddress(address(server.grpcAddress()),
                            ServerTls.credentials(server.tls(), server.grpcAddress().host()))
                    .directExecutor() // per-stream work never blocks; see StreamProcessor
                    .addService(new ExtProcService(settings))
                    .addService(status.getHealthService())
                    .build().start();
            health = NettyServerBuilder.forAddress(address(server.healthAddress()), InsecureServerCredentials.create())
                    .directExecutor().addService(status.getHealthService()).build().start();
            MetricsEndpoint metrics = MetricsEndpoint.start(address(server.metricsAddress()), registry);
            HEALTH_SERVICES.forEach(name -> status.setStatus(name, ServingStatus.SERVING));
            return new ExtProcServer(build, grpc, health, metrics, status, registry);
        } catch (IOException | RuntimeException e) {
            if (grpc != null) {
                grpc.shutdownNow();
            }
            if (health != null) {
                health.shutdownNow();
            }
            build.gateway().close();
            throw e;
        }
    }

    private static InetSocketAddress address(HostPort hp) {
        return new InetSocketAddress(hp.host(), hp.port());
    }

    public int grpcPort() {
        return grpc.getPort();
    }

    public int healthPort() {
        return health.getPort();
    }

    public int metricsPort() {
        return metrics.port();
    }

    /** The meters the streams record into. */
    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /**
     * Reports NOT_SERVING, stops taking streams, lets open ones finish for up to {@code drain},
     * then closes everything and the filters.
     */
    public void shutdown(Duration drain) {
        HEALTH_SERVICES.forEach(name -> status.setStatus(name, ServingStatus.NOT_SERVING));
        grpc.shutdown();
        try {
            if (!grpc.awaitTermination(drain.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("ext_proc streams still open after {} s; closing them", drain.toSeconds());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        grpc.shutdownNow();
        status.enterTerminalState();
        closeHealth();
        metrics.close();
        build.gateway().close();
    }

    @Override
    public void close() {
        shutdown(Duration.ZERO);
    }

    /**
     * A health {@code Watch} stream never ends by itself, so the health server is cut at the end;
     * first it gets a moment to flush the NOT_SERVING it just queued. Cut at once, the reset could
     * overtake that message and a watcher would see a broken stream instead of the drain.
     */
    private void closeHealth() {
        health.shutdown();
        try {
            health.awaitTermination(HEALTH_FLUSH.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        health.shutdownNow();
    }
}
