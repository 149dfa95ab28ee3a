package io.jpraxis.server.cli;

import io.jpraxis.config.model.HostPort;
import io.jpraxis.server.boot.ExtProcRunner;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code jpraxis extproc}: serve Envoy's external processor protocol from an ext_proc config (spec praxis-ai 7). */
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
        return runner.run(parent.global, System.getenv(), validate, grpc, health, metrics);
    }
}
