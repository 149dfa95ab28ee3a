package io.jpraxis.bench.load;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A load tool invocation ready to run.
 *
 * @param untimedLead how long the tool loads the target before its measured part starts (its
 *     own warm-up); the server's CPU baseline is taken then
 * @param latencyLog h2load's per-request log, or null for wrk
 * @param timeoutSeconds after this the run is killed and recorded as failed
 */
public record LoadCommand(LoadSpec spec, List<String> argv, Duration untimedLead, Path latencyLog,
        long timeoutSeconds) {

    public LoadCommand {
        argv = List.copyOf(argv);
    }
}
