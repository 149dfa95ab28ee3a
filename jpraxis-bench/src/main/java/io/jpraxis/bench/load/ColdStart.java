package io.jpraxis.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Measures jpraxis's cold start: from spawning {@code ./jpraxis} to the first 200 answer it
 * proxies, polled with a tiny GET every 10 ms. This includes the launcher script, JVM start,
 * config load and compile, and the first request through to the origin. The moment the JVM
 * appears is noted too, to tell the launcher script's share from the JVM's.
 */
public final class ColdStart {
    private static final long POLL_MILLIS = 10;
    private static final Duration GIVE_UP = Duration.ofSeconds(60);
    private static final int ATTEMPTS = 3;

    private final JpraxisLauncher launcher;
    private final ProcessReaper reaper;
    private final Path runDir;

    /** Cold starts whose configs and logs go under {@code runDir}. */
    public ColdStart(JpraxisLauncher launcher, ProcessReaper reaper, Path runDir) {
        this.launcher = launcher;
        this.reaper = reaper;
        this.runDir = runDir;
    }

    /**
     * {@code times} cold starts against {@code origin}, each jpraxis stopped after. A start that
     * fails (on a shared machine a stray signal has ended a fresh process) is reported and tried
     * again, up to {@value #ATTEMPTS} times, and counted in the run it preceded.
     */
    public List<ColdStartRun> measure(int times, Target origin) throws IOException, InterruptedException {
        List<ColdStartRun> runs = new ArrayList<>();
        for (int i = 1; i <= times; i++) {
            int failed = 0;
            while (true) {
                String name = "cold-start-" + i + (failed == 0 ? "" : "-retry" + failed);
                try {
                    runs.add(once(name, origin, failed));
                    break;
                } catch (IllegalStateException e) {
                    System.err.println("load: " + e.getMessage());
                    if (++failed == ATTEMPTS) {
                        System.err.println("load: cold start " + i + " given up after " + ATTEMPTS + " attempts");
                        break;
                    }
                }
            }
        }
        return runs;
    }

    private ColdStartRun once(String name, Target origin, int failedBefore) throws IOException, InterruptedException {
        int port = Ports.free();
        Path config = Files.writeString(runDir.resolve(name + ".yaml"), JpraxisConfigs.plain(port, origin.authority()));
        long start = System.nanoTime();
        ManagedProcess p = reaper.track(launcher.start(name, config, runDir.resolve(name + ".log")));
        double launcherMillis = Double.NaN;
        try {
            while (HttpProbe.status(port, "/small") != 200) {
                if (Double.isNaN(launcherMillis) && JpraxisLauncher.javaPid(p).isPresent()) {
                    launcherMillis = (System.nanoTime() - start) / 1e6;
                }
                if (!p.isAlive()) {
                    throw new IllegalStateException(name + ": jpraxis exited with status " + p.waitFor(0).orElse(-1)
                            + " before serving (see " + p.log() + ")");
                }
                if (System.nanoTime() - start > GIVE_UP.toNanos()) {
                    throw new IllegalStateException(name + ": jpraxis did not serve within " + GIVE_UP.toSeconds()
                            + " s (see " + p.log() + ")");
                }
                Thread.sleep(POLL_MILLIS);
            }
            return new ColdStartRun((System.nanoTime() - start) / 1e6, launcherMillis, failedBefore);
        } finally {
            reaper.stop(p);
        }
    }
}
