package io.jpraxis.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Runs one workload against one target: starts the resource sampler, runs the load tool to its
 * end, and turns the tool's output and the samples into a {@link RunRecord}.
 */
public final class LoadRunner {
    private final LoadCommands commands;
    private final Path workDir;
    private final ProcessReaper reaper;
    private final long ticksPerSecond;

    /** Runs whose scripts and output go under {@code workDir}; CPU ticks count {@code ticksPerSecond} per second. */
    public LoadRunner(Path workDir, ProcessReaper reaper, long ticksPerSecond) {
        this.commands = new LoadCommands(workDir);
        this.workDir = workDir;
        this.reaper = reaper;
        this.ticksPerSecond = ticksPerSecond;
    }

    /**
     * One run of {@code seconds} against {@code target}, whose requests end at {@code origin};
     * {@code round} 0 is a warm-up. A tool that fails, hangs or prints nothing readable, or a
     * server that is gone, gives a failed record, so one bad run does not lose the others, and a
     * proxy in front of a dead origin is not measured answering 502s.
     */
    public RunRecord run(int round, Workload workload, Target target, Target origin, int seconds)
            throws InterruptedException {
        String tag = (round == 0 ? "warmup" : "round" + round) + "-" + workload.name() + "-" + target.kind().cliName();
        String name = target.kind().cliName();
        List<Target> servers = List.of(target, origin);
        Optional<String> gone = gone(servers, "is not running (it exited before this run; see ");
        if (gone.isPresent()) {
            return RunRecord.failed(round, workload.name(), name, gone.get());
        }
        try {
            LoadCommand command = commands.build(workload.spec(), target, seconds, tag);
            Path out = workDir.resolve(tag + ".out");
            List<Long> pids = target.processes().pids();
            OtherLoad.Snapshot before = OtherLoad.take();
            ResourceSampler sampler = ResourceSampler.start(pids, command.untimedLead());
            OptionalInt exit;
            ResourceUsage usage;
            OtherLoad.Snapshot after;
            try {
                ManagedProcess tool = reaper.track(ManagedProcess.start(tag, command.argv(), workDir, out,
                        command.environment()));
                try {
                    exit = tool.waitFor(command.timeoutSeconds());
                } finally {
                    reaper.stop(tool);
                }
            } finally {
                usage = sampler.finish();
                after = OtherLoad.take();
            }
            String stdout = Files.readString(out);
            if (exit.isEmpty()) {
                return RunRecord.failed(round, workload.name(), name, command.argv().get(0) + " still running after "
                        + command.timeoutSeconds() + " s; killed (see " + out + ")");
            }
            gone = gone(servers, "exited during the run (see ");
            if (gone.isPresent()) {
                return RunRecord.failed(round, workload.name(), name, gone.get());
            }
            ToolResult result = ToolOutputs.read(command, stdout);
            if (command.latencyLog() != null) {
                Files.deleteIfExists(command.latencyLog()); // one line per request: large, and read now
            }
            return RunRecord.measured(round, workload.name(), name, result, usage, ticksPerSecond,
                    OtherLoad.between(before, after, ticksPerSecond, Runtime.getRuntime().availableProcessors()));
        } catch (IOException | RuntimeException e) {
            return RunRecord.failed(round, workload.name(), name, e.toString());
        }
    }

    private static Optional<String> gone(List<Target> servers, String why) {
        return servers.stream().filter(t -> !t.process().isAlive()).findFirst()
                .map(t -> t.kind().cliName() + " " + why + t.process().log() + ")");
    }
}
