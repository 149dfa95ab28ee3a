package io.jpraxis.server.boot;

import io.jpraxis.config.load.ConfigRevision;
import io.jpraxis.config.model.RuntimeConfig;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.http.overload.OpenFileLimits;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code serve}: logs the startup warnings, starts the gateway ({@link ServingGateway}), reloads
 * the config file whenever it changes ({@link ReloadOnChange}), then blocks until SIGTERM or SIGINT,
 * drains in-flight requests for up to {@code shutdown_timeout_secs} and returns exit code 0.
 */
public final class GatewayRunner {
    private static final Logger log = LoggerFactory.getLogger(GatewayRunner.class);

    private final CompiledGateway gateway;
    private final ConfigRevision revision;
    private final ConfigSource source;
    private final GatewayBuilder builder;
    private final ReloadOnChange reloads;

    /**
     * @param revision the bytes {@code gateway} was compiled from
     * @param builder what built {@code gateway}; reloads build with it too
     * @param reloads starts the reloads of a config file (never used for the embedded default)
     */
    public GatewayRunner(CompiledGateway gateway, ConfigRevision revision, ConfigSource source,
            GatewayBuilder builder, ReloadOnChange reloads) {
        this.gateway = gateway;
        this.revision = revision;
        this.source = source;
        this.builder = builder;
        this.reloads = reloads;
    }

    /** Serves until SIGTERM/SIGINT; returns the exit code (1 when it cannot start). */
    public int runUntilStopped() {
        StartupWarnings.of(gateway.features(), gateway.config().insecureOptions(), ProcessUser.isRoot())
                .forEach(log::warn);
        RuntimeConfig runtime = gateway.config().runtime() == null ? RuntimeConfig.DEFAULT : gateway.config().runtime();
        if (runtime.logging() != null) {
            try {
                if (!LogOutput.apply(runtime.logging())) {
                    log.warn("runtime.logging is ignored: -Dlogback.configurationFile names the logging setup");
                }
            } catch (IOException e) {
                log.error("cannot start: {}", e.getMessage());
                return 1;
            }
        }
        if (runtime.maxOpenFiles() != null && !applyOpenFileLimit(runtime.maxOpenFiles())) {
            return 1;
        }
        Logging.applyOverrides(runtime.logOverrides())
                .forEach((logger, level) -> log.info("runtime.log_overrides: logger {} at {}", logger,
                        level.name().toLowerCase(Locale.ROOT)));
        // Handlers first: a signal that arrives while binding must not kill the process with 143.
        ShutdownSignals signals = ShutdownSignals.install(Thread.currentThread());
        ServingGateway serving;
        try {
            serving = ServingGateway.start(gateway, revision, builder.services(), builder.registry(),
                    builder.filterDurations());
        } catch (RuntimeException e) {
            log.error("cannot start: {}", e.getMessage());
            signals.finished();
            return 1;
        }
        log.info("jpraxis serving {} ({}) with {} listener(s): {}", source.description(), revision.label(),
                gateway.listeners().size(), serving.http().boundAddresses());
        ReloadOnChange.Watch reload = watch(serving);
        String cause;
        try {
            cause = signals.await() + " received";
        } catch (InterruptedException e) {
            cause = "interrupted";
        }
        if (reload != null) {
            reload.close(); // no reload may start while the gateway drains
        }
        // Read now: a reload may have changed shutdown_timeout_secs since startup.
        Duration drain = Duration.ofSeconds(serving.gateway().config().shutdownTimeoutSecs());
        log.info("{}: draining in-flight requests for up to {} s", cause, drain.toSeconds());
        // A second signal interrupts this thread, which cuts the drain short (HttpGateway.stop).
        serving.shutdown(drain);
        if (Thread.interrupted()) {
            log.warn("the drain was cut short by a second signal; in-flight requests were closed");
        }
        signals.finished();
        return 0;
    }

    /** Starts reloading on change when the config is a file; null for the embedded default. */
    /** Sets runtime.max_open_files on this process; false (logged) when it cannot, which stops the start. */
    private static boolean applyOpenFileLimit(long wanted) {
        try {
            OpenFileLimits.Limits limits = OpenFileLimit.apply(ProcessHandle.current().pid(), wanted);
            if (limits.soft() < wanted) {
                log.warn("runtime.max_open_files: {} is above the hard limit; the open-file limit is {}", wanted,
                        limits.soft());
            } else {
                log.info("runtime.max_open_files: the open-file limit is {} (hard limit {})", limits.soft(),
                        limits.hard() == Long.MAX_VALUE ? "unlimited" : limits.hard());
            }
            return true;
        } catch (IOException e) {
            log.error("cannot start: runtime.max_open_files: {}", e.getMessage());
            return false;
        }
    }

    private ReloadOnChange.Watch watch(ServingGateway serving) {
        if (source.embedded()) {
            return null;
        }
        try {
            ReloadOnChange.Watch reload = reloads.start(source, builder, serving);
            log.info("watching {} for changes: a valid save is reloaded without a restart", source.description());
            return reload;
        } catch (IOException e) {
            log.warn("cannot watch {} for changes ({}); config changes need a restart", source.description(),
                    e.getMessage());
            return null;
        }
    }
}
