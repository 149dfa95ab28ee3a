package io.jpraxis.server.cli;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.server.boot.ExtProcRunner;
import io.jpraxis.server.boot.Logging;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code jpraxis extproc}: serve Envoy's external processor protocol from an ext_proc config (see
 * docs/behaviour/ext-proc.md#the-service).
 */
@Command(name = "extproc", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Serve envoy.service.ext_proc.v3.ExternalProcessor over gRPC (config: server + filter_chains).")
final class ExtProcCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Option(names = {"-t", "--validate"}, description = "Validate the ext_proc config and exit.")
    boolean validate;

    @Option(names = "--grpc-address", paramLabel = "HOST:PORT", description = "Overrides server.grpc_address.")
    String grpcAddress;

    @Option(names = "--health-address", paramLabel = "HOST:PORT", description = "Overrides server.health_address.")
    String healthAddress;

    @Option(names = "--metrics-address", paramLabel = "HOST:PORT", description = "Overrides server.metrics_address.")
    String metricsAddress;

    @Override
    public Integer call() {
        ExtProcRunner runner = new ExtProcRunner(System.out, System.err);
        HostPort grpc;
        HostPort health;
        HostPort metrics;
        try {
            grpc = ExtProcRunner.address("--grpc-address", grpcAddress);
            health = ExtProcRunner.address("--health-address", healthAddress);
            metrics = ExtProcRunner.address("--metrics-address", metricsAddress);
        } catch (IllegalArgumentException e) {
            System.err.println("jpraxis: " + e.getMessage());
            return 2;
        }
        Map<String, String> env = System.getenv();
        FeatureSet features;
        try {
            Logging.setLevel(parent.global.logLevel());
            features = parent.global.features(env);
        } catch (IllegalArgumentException e) {
            System.err.println("jpraxis: " + e.getMessage());
            return 2;
        }
        Path file = configFile(parent.global, env);
        if (file == null) {
            System.err.println("jpraxis: extproc needs a config file: -c FILE (or $JPRAXIS_CONFIG)");
            return 2;
        }
        return runner.run(features, file, validate, grpc, health, metrics);
    }

    /** {@code -c FILE}, else {@code $JPRAXIS_CONFIG}; null when neither is given (no embedded default here). */
    private static Path configFile(GlobalOptions global, Map<String, String> env) {
        return global.config() != null ? global.config()
                : env.get("JPRAXIS_CONFIG") != null ? Path.of(env.get("JPRAXIS_CONFIG")) : null;
    }
}
