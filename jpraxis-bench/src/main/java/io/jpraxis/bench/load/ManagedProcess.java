package io.jpraxis.bench.load;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A server process the suite started: its output goes to a log file, and stopping it asks
 * politely (SIGTERM) before forcing, for it and any process it left below it.
 */
public final class ManagedProcess {
    private static final long GRACE_SECONDS = 10;

    private final String name;
    private final Process process;
    private final Path log;

    private ManagedProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** Starts {@code argv} in {@code dir} with stdout and stderr appended to {@code log}. */
    public static ManagedProcess start(String name, List<String> argv, Path dir, Path log) throws IOException {
        return start(name, argv, dir, log, Map.of());
    }

    /** The same with {@code environment} added to this process's own. */
    public static ManagedProcess start(String name, List<String> argv, Path dir, Path log,
            Map<String, String> environment) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().putAll(environment);
        return new ManagedProcess(name, pb.start(), log);
    }

    /** The name it goes by in logs and messages. */
    public String name() {
        return name;
    }

    /** The process as the OS sees it: pid, descendants, command. */
    public ProcessHandle handle() {
        return process.toHandle();
    }

    /** The file its output goes to. */
    public Path log() {
        return log;
    }

    /** Whether it is still running. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Waits up to {@code seconds} for the process to exit; its exit code, or empty on timeout. */
    public OptionalInt waitFor(long seconds) throws InterruptedException {
        return process.waitFor(seconds, TimeUnit.SECONDS) ? OptionalInt.of(process.exitValue())
                : OptionalInt.empty();
    }

    /**
     * SIGTERM, up to 10 s to exit, then SIGKILL; the same for processes left below it (nginx's
     * workers go with their master; a launcher that did not exec its JVM leaves it behind).
     */
    public void stop() {
        List<ProcessHandle> below = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(GRACE_SECONDS, TimeUnit.SECONDS)) {
                System.err.println("load: " + name + " ignored SIGTERM for " + GRACE_SECONDS + " s; killing it");
                process.destroyForcibly().waitFor(GRACE_SECONDS, TimeUnit.SECONDS);
            }
            for (ProcessHandle p : below) {
                if (p.isAlive()) {
                    p.destroy();
                    p.onExit().get(GRACE_SECONDS, TimeUnit.SECONDS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            below.forEach(ProcessHandle::destroyForcibly);
        } catch (ExecutionException | TimeoutException e) {
            below.forEach(ProcessHandle::destroyForcibly);
        }
    }
}
