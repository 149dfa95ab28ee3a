package io.jpraxis.server.cli;

import io.jpraxis.server.boot.LoggingDefaults;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code jpraxis} command. With no subcommand it serves; {@code -t} and {@code -T} are
 * Praxis's short forms of {@code validate} and {@code dump}.
 */
@Command(name = "jpraxis", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Programmable L7 gateway for HTTP and AI-inference traffic (Praxis-compatible config).",
        subcommands = {ServeCommand.class, ValidateCommand.class, DumpCommand.class, ExplainCommand.class,
                FeaturesCommand.class, ExtProcCommand.class, SchemaCommand.class},
        sortOptions = false)
public final class Main implements Callable<Integer> {
    final GlobalOptions global = new GlobalOptions();

    @Option(names = {"-t", "--validate"}, description = "Validate the config and exit (same as the validate command).")
    boolean validate;

    @Option(names = {"-T", "--dump"}, description = "Print the effective config and exit (same as the dump command).")
    boolean dump;

    @Option(names = {"-c", "--config"}, scope = ScopeType.INHERIT, paramLabel = "FILE",
            description = "Config file (default: $JPRAXIS_CONFIG, else ./jpraxis.yaml, else the embedded default).")
    void config(java.nio.file.Path path) {
        global.config = path;
    }

    @Option(names = "--features", scope = ScopeType.INHERIT, paramLabel = "LIST",
            description = "Comma-separated experimental features to enable (see the features command). "
                    + "Adds to $JPRAXIS_FEATURES.")
    void features(String list) {
        global.features = list;
    }

    @Option(names = "--log-level", scope = ScopeType.INHERIT, paramLabel = "LEVEL",
            description = "Log level: error, warn, info, debug or trace (default: info).")
    void logLevel(String level) {
        global.logLevel = level;
    }

    @Override
    public Integer call() {
        if (validate && dump) {
            System.err.println("jpraxis: -t/--validate and -T/--dump cannot be used together");
            return 2;
        }
        Commands commands = new Commands(global);
        if (validate) {
            return commands.validate();
        }
        if (dump) {
            return commands.dump();
        }
        return commands.serve();
    }

    /** Entry point of the runnable jar. */
    public static void main(String[] args) {
        int status = run(args);
        LoggingDefaults.flush(); // queued access lines are written before the JVM goes
        System.exit(status);
    }

    /** Runs the CLI and returns the exit code (tests call this). */
    public static int run(String... args) {
        GlobalOptions serving = ServeInvocation.parse(args);
        if (serving != null) {
            return serveWithoutPicocli(serving);
        }
        Main main = new Main();
        CommandLine cli = new CommandLine(main);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        return cli.execute(args);
    }

    /** Serves as {@code cli.execute} would: an escaped exception is printed and exits 1. */
    private static int serveWithoutPicocli(GlobalOptions options) {
        try {
            return new Commands(options).serve();
        } catch (RuntimeException e) {
            e.printStackTrace();
            return 1;
        }
    }
}
