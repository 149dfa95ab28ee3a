package io.jpraxis.server.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code jpraxis serve}: validate, then bind the listeners and proxy until stopped. */
@Command(name = "serve", mixinStandardHelpOptions = true, description = "Serve traffic (the default command).")
final class ServeCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Override
    public Integer call() {
        return new Commands(parent.global).serve();
    }
}
