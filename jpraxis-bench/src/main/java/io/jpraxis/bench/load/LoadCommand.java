package io.jpraxis.bench.load;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A load tool invocation ready to run.
 *
 * @param untimedLead how long the tool loads the target before its measured part starts (its
 *     own warm-up); the server's CPU baseline is taken then
 * @param latencyLog h2load's per-request log, or null for wrk
 * @param timeoutSeconds after this the run is killed and recorded as failed
 * @param environment variables set for the tool beside the suite's own (the TLS client pin)
 */
public record LoadCommand(LoadSpec spec, List<String> argv, Duration untimedLead, Path latencyLog,
        long timeoutSeconds, Map<String, String> environment) {

    public LoadCommand {
        argv = List.copyOf(argv);
        environment = Map.copyOf(environment);
    }

    /** A command run in the suite's own environment. */
    public LoadCommand(LoadSpec spec, List<String> argv, Duration untimedLead, Path latencyLog, long timeoutSeconds) {
        this(spec, argv, untimedLead, latencyLog, timeoutSeconds, Map.of());
    }

    /** The same command with {@code variables} set as well. */
    public LoadCommand with(Map<String, String> variables) {
        return new LoadCommand(spec, argv, untimedLead, latencyLog, timeoutSeconds, variables);
    }
}
