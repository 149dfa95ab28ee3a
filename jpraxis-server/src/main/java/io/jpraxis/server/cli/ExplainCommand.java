package io.jpraxis.server.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code jpraxis explain}: each listener's flattened pipeline, control-flow edges and check verdicts. */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = {"Validate, then show per listener the flattened pipeline (branch sub-chains indented), every "
                + "control-flow edge (fall-through, skip_to, re_enter, terminal) and each ordering check's verdict "
                + "(pass, error, warning, demoted, skipped).",
                "A config refused only by ordering checks is still explained; exit 1 then."})
final class ExplainCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Option(names = "--dot", description = "Print the control-flow graph in Graphviz DOT instead of text.")
    boolean dot;

    @Override
    public Integer call() {
        return new Commands(parent.global).explain(dot);
    }
}
