package io.jpraxis.server.boot;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.HostPortParser;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.extproc.config.ExtProcBuild;
import io.jpraxis.extproc.config.ExtProcBuilder;
import io.jpraxis.extproc.config.ExtProcServerConfig;
import io.jpraxis.extproc.server.ExtProcServer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code jpraxis extproc}: builds the ext_proc config (every problem listed, like {@code validate}),
 * then either stops there ({@code -t}) or serves until SIGTERM/SIGINT and drains open streams.
 */
public final class ExtProcRunner {
    private static final Logger log = LoggerFactory.getLogger(ExtProcRunner.class);

    private final PrintStream out;
    private final PrintStream err;

    public ExtProcRunner(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** A {@code --*-address} option, or null when not given; throws IllegalArgumentException when malformed. */
    public static HostPort address(String option, String text) {
        if (text == null) {
            return null;
        }
        if (text.endsWith(":0") && HostPortParser.parse(text.substring(0, text.length() - 2) + ":1", true)
                instanceof HostPortParser.Ok ok) {
            return new HostPort(ok.value().host(), 0);
        }
        return switch (HostPortParser.parse(text, true)) {
            case HostPortParser.Ok ok -> ok.value();
            case HostPortParser.Bad bad -> throw new IllegalArgumentException(option + ": " + text + " (expected: "
                    + bad.expectation() + ")");
        };
    }

    /**
     * Returns the exit code: 0 valid/stopped cleanly, 1 refused or cannot start. The command line
     * was read by the caller, which answers its usage errors (exit 2) itself.
     *
     * @param file the ext_proc config file: {@code -c FILE}, else {@code $JPRAXIS_CONFIG}
     */
    public int run(FeatureSet features, Path file, boolean validateOnly, HostPort grpc, HostPort health,
            HostPort metrics) {
        ExtProcBuild build = new ExtProcBuilder(features, RuntimeServices.system(),
                FilterRegistry.withBuiltIns(GatewayFilters.all())).buildFile(file);
        DiagnosticLines.of(build.diagnostics()).forEach(err::println);
        if (!build.ok()) {
            err.println(DiagnosticLines.summary(file.toString(), build.diagnostics()));
            return 1;
        }
        if (validateOnly) {
            out.println(file + ": ext_proc configuration is valid");
            build.gateway().close();
            return 0;
        }
        StartupWarnings.of(build.gateway().features(), build.gateway().config().insecureOptions(), ProcessUser.isRoot())
                .forEach(log::warn);
        return serve(build, build.config().server().withAddresses(grpc, health, metrics), file);
    }

    private int serve(ExtProcBuild build, ExtProcServerConfig server, Path file) {
        ShutdownSignals signals = ShutdownSignals.install(Thread.currentThread());
        ExtProcServer running;
        try {
            running = ExtProcServer.start(build, server, RuntimeServices.system());
        } catch (IOException | RuntimeException e) {
            log.error("cannot start the ext_proc server: {}", e.getMessage());
            signals.finished();
            return 1;
        }
        log.info("jpraxis extproc serving {} on {} (health {}, metrics {}){}", file, server.grpcAddress().host() + ":"
                + running.grpcPort(), running.healthPort(), running.metricsPort(),
                server.pickerMode() ? " in picker mode" : "");
        String cause;
        try {
            cause = signals.await() + " received";
        } catch (InterruptedException e) {
            cause = "interrupted";
        }
        Duration drain = Duration.ofSeconds(build.gateway().config().shutdownTimeoutSecs());
        log.info("{}: draining open ext_proc streams for up to {} s", cause, drain.toSeconds());
        running.shutdown(drain);
        signals.finished();
        return 0;
    }
}
