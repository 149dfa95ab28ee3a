package io.jpraxis.server.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code jpraxis validate}: load, validate and compile without binding sockets. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check a config: exit 0 when valid, else 1 with every problem, one per line, on stderr.")
final class ValidateCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Override
    public Integer call() {
        return new Commands(parent.global).validate();
    }
}
