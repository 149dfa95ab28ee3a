package io.jpraxis.server.boot;

import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.server.HttpGateway;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code serve}: logs the startup warnings, starts the filters and the HTTP edge, then blocks
 * until the process is asked to stop, when it drains in-flight requests for up to
 * {@code shutdown_timeout_secs} and closes the filters.
 */
public final class GatewayRunner {
    private static final Logger log = LoggerFactory.getLogger(GatewayRunner.class);

    private final CompiledGateway gateway;
    private final ConfigSource source;
    private final RuntimeServices services;
    private final CountDownLatch stopped = new CountDownLatch(1);

    public GatewayRunner(CompiledGateway gateway, ConfigSource source, RuntimeServices services) {
        this.gateway = gateway;
        this.source = source;
        this.services = services;
    }

    /** Serves until SIGTERM/SIGINT; returns the exit code. */
    public int runUntilStopped() {
        StartupWarnings.of(gateway.features(), gateway.config().insecureOptions(), StartupWarnings.runningAsRoot())
                .forEach(log::warn);
        HttpGateway http;
        try {
            gateway.start();
            http = new HttpGateway(gateway, services).start();
        } catch (RuntimeException e) {
            log.error("cannot start: {}", e.getMessage());
            gateway.close();
            return 1;
        }
        log.info("jpraxis serving {} with {} listener(s): {}", source.description(), gateway.listeners().size(),
                http.boundAddresses());
        Duration drain = Duration.ofSeconds(gateway.config().shutdownTimeoutSecs());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            log.info("shutting down: draining in-flight requests for up to {} s", drain.toSeconds());
            http.stop(drain);
            gateway.close();
            stopped.countDown();
        }, "jpraxis-shutdown"));
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }
}
