package io.jpraxis.bench.ai;

import io.jpraxis.bench.load.JpraxisLauncher;
import io.jpraxis.bench.load.ManagedProcess;
import io.jpraxis.bench.load.Ports;
import io.jpraxis.bench.load.ProcFs;
import io.jpraxis.bench.load.ProcessReaper;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One jpraxis the AI benchmark measures, started as users start it ({@code ./jpraxis -c FILE}
 * from the checkout's root, where the example's key files resolve), with the pid of its JVM for
 * CPU time from /proc. Each config sits in a folder of its own: jpraxis watches its config's
 * folder for reloads.
 */
record GatewayProcess(String name, int port, long pid, ManagedProcess process) {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    static GatewayProcess start(Path root, Path runDir, ProcessReaper reaper, String name, int port, String yaml)
            throws IOException, InterruptedException {
        Path dir = Files.createDirectories(runDir.resolve(name));
        Path config = Files.writeString(dir.resolve(name + ".yaml"), yaml);
        ManagedProcess p = reaper.track(new JpraxisLauncher(root).start(name, config, runDir.resolve(name + ".log")));
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (!accepts(port)) {
            if (!p.isAlive()) {
                throw new IllegalStateException(name + ": exited before serving (see " + p.log() + ")");
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(name + ": port " + port + " not open within "
                        + READY_TIMEOUT.toSeconds() + " s (see " + p.log() + ")");
            }
            Thread.sleep(50);
        }
        long pid = JpraxisLauncher.javaPid(p).orElseThrow(() -> new IllegalStateException(
                name + ": serves on port " + port + " but no java process was found under pid " + p.handle().pid()));
        return new GatewayProcess(name, port, pid, p);
    }

    /**
     * Starts and stops one throwaway jpraxis (the plain path to {@code provider}) so that
     * {@code ./jpraxis}'s ahead-of-time cache exists before the measured gateways start: the
     * launcher's first serve after a build is a training run that writes the cache at exit, and
     * runs slower meanwhile. Returns whether the cache is there now.
     */
    static boolean primeLaunchCache(Path root, Path runDir, ProcessReaper reaper, String provider)
            throws IOException, InterruptedException {
        int port = Ports.free();
        GatewayProcess g = start(root, runDir, reaper, "prime", port, AiConfigs.plain(port, provider));
        // SIGTERM and time to write the cache: ManagedProcess.stop would force it after 10 s.
        g.process().handle().destroy();
        try {
            g.process().handle().onExit().get(120, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            reaper.stop(g.process());
        }
        reaper.stop(g.process());
        return Files.isRegularFile(root.resolve("jpraxis-server/target/jpraxis-serve.aot"));
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The JVM's CPU time so far (user + system), in clock ticks. */
    long cpuTicks() {
        return ProcFs.readCpuTicks(pid).orElseThrow(() -> new IllegalStateException(name + ": exited (see "
                + process.log() + ")"));
    }
}
