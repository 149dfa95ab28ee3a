package io.jpraxis.bench.load;

import io.jpraxis.bench.load.LoadSpec.H2c;
import io.jpraxis.bench.load.LoadSpec.NewConnections;
import io.jpraxis.bench.load.LoadSpec.Wrk;
import io.jpraxis.bench.load.LoadSpec.WrkGet;
import io.jpraxis.bench.load.LoadSpec.WrkNewConnections;
import io.jpraxis.bench.load.LoadSpec.WsEcho;
import io.jpraxis.bench.load.LoadSpec.WsStream;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads a finished load tool's output into one {@link ToolResult}, whichever tool ran. */
public final class ToolOutputs {
    private ToolOutputs() {
    }

    /** The result of {@code command}, from its standard output and, for h2load, its latency log. */
    public static ToolResult read(LoadCommand command, String stdout) throws IOException {
        return switch (command.spec()) {
            case Wrk w -> WrkResultParser.parse(stdout);
            case WrkGet g -> WrkResultParser.parse(stdout);
            // The WebSocket client prints its figures in the line wrk's done() hook prints.
            case WrkNewConnections w -> WrkResultParser.parse(stdout);
            case WsEcho e -> WrkResultParser.parse(stdout);
            case WsStream s -> WrkResultParser.parse(stdout);
            case H2c h -> h2load(stdout, command);
            case NewConnections n -> h2load(stdout, command);
        };
    }

    private static ToolResult h2load(String stdout, LoadCommand command) throws IOException {
        long[] latencies;
        try (Reader log = Files.newBufferedReader(command.latencyLog())) {
            latencies = H2loadLogParser.latencies(log);
        }
        return fromH2load(H2loadSummaryParser.parse(stdout), latencies);
    }

    /** Combines h2load's summary with the ascending latencies from its log. */
    public static ToolResult fromH2load(H2loadSummary s, long[] ascendingLatencies) {
        Map<String, Long> breakdown = new LinkedHashMap<>();
        breakdown.put("errored", s.errored());
        breakdown.put("timeout", s.timeout());
        breakdown.put("3xx", s.status3xx());
        breakdown.put("4xx", s.status4xx());
        breakdown.put("5xx", s.status5xx());
        breakdown.put("not_done", s.total() - s.done());
        return new ToolResult(s.done(), s.seconds(), s.requestsPerSecond(), s.failed(), breakdown,
                Stats.percentile(ascendingLatencies, 50), Stats.percentile(ascendingLatencies, 90),
                Stats.percentile(ascendingLatencies, 99));
    }
}
