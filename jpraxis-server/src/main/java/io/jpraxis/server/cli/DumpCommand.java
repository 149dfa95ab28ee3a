package io.jpraxis.server.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code jpraxis dump}: print the effective config (defaults applied, secrets redacted). */
@Command(name = "dump", mixinStandardHelpOptions = true,
        description = "Validate, then print the effective config as YAML with defaults applied and secrets redacted.")
final class DumpCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Override
    public Integer call() {
        return new Commands(parent.global).dump();
    }
}
