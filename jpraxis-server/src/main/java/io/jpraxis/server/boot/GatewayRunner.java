package io.jpraxis.server.boot;

import io.jpraxis.core.filter.FilterRegistry;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.runtime.RuntimeServices;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code serve}: logs the startup warnings, starts the gateway ({@link ServingGateway}), then
 * blocks until SIGTERM or SIGINT, drains in-flight requests for up to
 * {@code shutdown_timeout_secs} and returns exit code 0.
 */
public final class GatewayRunner {
    private static final Logger log = LoggerFactory.getLogger(GatewayRunner.class);

    private final CompiledGateway gateway;
    private final ConfigSource source;
    private final RuntimeServices services;
    private final FilterRegistry registry;

    public GatewayRunner(CompiledGateway gateway, ConfigSource source, RuntimeServices services,
            FilterRegistry registry) {
        this.gateway = gateway;
        this.source = source;
        this.services = services;
        this.registry = registry;
    }

    /** Serves until SIGTERM/SIGINT; returns the exit code (1 when it cannot start). */
    public int runUntilStopped() {
        StartupWarnings.of(gateway.features(), gateway.config().insecureOptions(), ProcessUser.isRoot())
                .forEach(log::warn);
        // Handlers first: a signal that arrives while binding must not kill the process with 143.
        ShutdownSignals signals = ShutdownSignals.install(Thread.currentThread());
        ServingGateway serving;
        try {
            serving = ServingGateway.start(gateway, services, registry);
        } catch (RuntimeException e) {
            log.error("cannot start: {}", e.getMessage());
            signals.finished();
            return 1;
        }
        log.info("jpraxis serving {} with {} listener(s): {}", source.description(), gateway.listeners().size(),
                serving.http().boundAddresses());
        Duration drain = Duration.ofSeconds(gateway.config().shutdownTimeoutSecs());
        try {
            String signal = signals.await();
            log.info("{} received: draining in-flight requests for up to {} s", signal, drain.toSeconds());
        } catch (InterruptedException e) {
            log.info("interrupted: draining in-flight requests for up to {} s", drain.toSeconds());
        }
        // A second signal interrupts this thread, which cuts the drain short (HttpGateway.stop).
        serving.shutdown(drain);
        if (Thread.interrupted()) {
            log.warn("the drain was cut short by a second signal; in-flight requests were closed");
        }
        signals.finished();
        return 0;
    }
}
