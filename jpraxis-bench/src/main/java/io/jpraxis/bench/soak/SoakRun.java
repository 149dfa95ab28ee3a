package io.jpraxis.bench.soak;

import io.jpraxis.bench.load.ClockTicks;
import io.jpraxis.bench.load.Figures;
import io.jpraxis.bench.load.LoadRunner;
import io.jpraxis.bench.load.LoadSpec;
import io.jpraxis.bench.load.MachineInfo;
import io.jpraxis.bench.load.OriginContent;
import io.jpraxis.bench.load.Ports;
import io.jpraxis.bench.load.ProcessReaper;
import io.jpraxis.bench.load.RunRecord;
import io.jpraxis.bench.load.Target;
import io.jpraxis.bench.load.TargetKind;
import io.jpraxis.bench.load.TargetLauncher;
import io.jpraxis.bench.load.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The soak ({@code bench/soak}): starts the nginx origin and jpraxis on {@link SoakConfig}, measures
 * the peak with a closed loop, then drives the mix at half of it for the run's length while the
 * config is rewritten every {@code --reload-secs} and the JVM is sampled every
 * {@code --sample-secs}; writes JSON, Markdown and PNG results. Run from the checkout's root.
 */
public final class SoakRun {
    static final Workload CALIBRATION = new Workload("soak-calibration",
            "GET /small (1 KiB), closed-loop wrk -t2 -c64 keep-alive, through the soak's config",
            new LoadSpec.Wrk(2, 64, "GET", "/small", 0), List.of(TargetKind.JPRAXIS_20F));

    private final SoakOptions options;
    private final Path root;

    private SoakRun(SoakOptions options, Path root) {
        this.options = options;
        this.root = root;
    }

    /** Entry point; exits 0 when the soak passed, 1 when it did not, 2 on bad options. */
    public static void main(String[] args) throws Exception {
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            System.out.print(SoakOptions.USAGE);
            return;
        }
        SoakOptions options;
        try {
            options = SoakOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("bench/soak: " + e.getMessage());
            System.err.print(SoakOptions.USAGE);
            System.exit(2);
            return;
        }
        Path root = Path.of("").toAbsolutePath();
        if (!Files.isExecutable(root.resolve("jpraxis")) || !Files.isDirectory(root.resolve("bench/peers"))) {
            System.err.println("bench/soak: run from the jpraxis checkout's root (no ./jpraxis or bench/peers in " + root
                    + ")");
            System.exit(2);
        }
        System.exit(new SoakRun(options, root).run() ? 0 : 1);
    }

    private boolean run() throws IOException, InterruptedException {
        Instant started = Instant.now();
        Path runDir = Files.createTempDirectory("jpraxis-soak-");
        Files.setPosixFilePermissions(runDir, PosixFilePermissions.fromString("rwxr-xr-x"));
        System.err.println("soak: configs, server logs and tool output go to " + runDir);
        ProcessReaper reaper = ProcessReaper.withShutdownHook();
        try {
            MachineInfo machine = MachineInfo.collect(root);
            OriginContent.write(runDir);
            TargetLauncher launcher = new TargetLauncher(root, runDir, reaper);
            Target origin = launcher.start(TargetKind.ORIGIN, null);
            int port = Ports.free();
            int adminPort = Ports.free();
            // A folder of its own: jpraxis watches the config's folder, and the logs are written beside runDir's files.
            Path config = Files.createDirectories(runDir.resolve("config")).resolve("soak.yaml");
            Files.writeString(config, SoakConfig.yaml(port, origin.authority(), adminPort, SoakConfig.FIRST));
            Target jpraxis = launcher.jpraxis(TargetKind.JPRAXIS_20F, port, config, null);
            long pid = jpraxis.processes().rootPid();
            System.err.println("soak: jpraxis on port " + port + " (admin " + adminPort + "), pid " + pid
                    + "; origin on " + origin.port());
            SoakResult.Calibration calibration = null;
            double rate = options.rate();
            if (Double.isNaN(rate)) {
                calibration = calibrate(runDir, reaper, jpraxis, origin);
                rate = calibration.peakRequestsPerSecond() / 2;
            }
            System.err.println("soak: rate " + Figures.count(rate) + " req/s in total"
                    + (calibration != null ? ", half of the peak " + Figures.count(calibration.peakRequestsPerSecond())
                            + " req/s" : " (--rate)") + "; " + options.minutes() + " minutes of load");
            AdminClient admin = new AdminClient(adminPort, port);
            Loaded loaded = load(runDir, reaper, jpraxis, config, origin, admin, rate, pid);
            SoakResult result = SoakResults.of(options, started, machine, calibration, rate, loaded.samples(),
                    loaded.segments(), loaded.reloads(), reloadCounters(admin), jpraxis.process().isAlive(),
                    runDir.toString());
            reaper.stopAll();
            SoakResults.write(result, options, started);
            return result.pass();
        } finally {
            reaper.stopAll();
        }
    }

    private SoakResult.Calibration calibrate(Path runDir, ProcessReaper reaper, Target jpraxis, Target origin)
            throws InterruptedException {
        LoadRunner runner = new LoadRunner(runDir, reaper, ClockTicks.perSecond());
        // An untimed run first, as the load suite warms up: a peak taken on a cold JIT would set the rate low.
        runner.run(0, CALIBRATION, jpraxis, origin, options.calibrationSeconds());
        RunRecord run = runner.run(1, CALIBRATION, jpraxis, origin, options.calibrationSeconds());
        if (!run.ok() || run.result().requestsPerSecond() <= 0) {
            throw new IllegalStateException("calibration: no peak measured (" + run.failure() + ")");
        }
        System.err.println("soak: calibration peak " + Figures.count(run.result().requestsPerSecond()) + " req/s ("
                + run.result().errors() + " errors)");
        return new SoakResult.Calibration(CALIBRATION.description(), options.calibrationSeconds(),
                run.result().requestsPerSecond(), run.result().errors());
    }

    private record Loaded(List<SoakSample> samples, List<SegmentResult> segments, List<ReloadRecord> reloads) {
    }

    private Loaded load(Path runDir, ProcessReaper reaper, Target jpraxis, Path config, Target origin,
            AdminClient admin, double rate, long pid) throws IOException, InterruptedException {
        Path loadDir = Files.createDirectories(runDir.resolve("load"));
        long start = System.nanoTime();
        LoadSegments segments = new LoadSegments(new SoakMix(loadDir), jpraxis, rate, options.seconds(), loadDir, reaper,
                start);
        Thread loadThread = Thread.ofPlatform().name("soak-load").start(segments);
        List<ReloadRecord> reloads = Collections.synchronizedList(new ArrayList<>());
        Reloader reloader = new Reloader(config,
                v -> SoakConfig.yaml(jpraxis.port(), origin.authority(), admin.adminPort(), v), admin, start);
        Thread reloadThread = Thread.ofPlatform().name("soak-reload").start(() -> reloads(reloader, start, reloads));
        Sampler sampler = new Sampler(pid, admin, new HeapProbe(runDir));
        List<SoakSample> samples = new ArrayList<>();
        int count = options.seconds() / options.sampleSeconds();
        boolean early = true;
        try {
            for (int k = 1; k <= count; k++) {
                // Half a period early: the load's segments restart on whole minutes, and a sample
                // taken then would see the clients' connections closing.
                double at = (k - 0.5) * options.sampleSeconds();
                if (!sleepUntil(start, at)) {
                    continue; // the previous sample overran this one's slot
                }
                SoakSample s = sampler.take((System.nanoTime() - start) / 1e9);
                samples.add(s);
                System.err.printf(Locale.ROOT, "soak: %6.0f s  RSS %7.1f MiB  heap %6.1f MiB  fds %4d  upstream %3d"
                                + "  threads %3d  reloads %d  generations %d%n", s.seconds(), s.rssKiB() / 1024.0,
                        s.heapAfterGcKiB() / 1024.0, s.openFds(), s.upstreamConnections(), s.threads(),
                        s.reloadsApplied(), s.generationsOpen());
                if (!jpraxis.process().isAlive()) {
                    System.err.println("soak: jpraxis exited (see " + jpraxis.process().log() + "); stopping");
                    break;
                }
            }
            early = !jpraxis.process().isAlive();
        } finally {
            // Both threads end on their own at the run's end; on an early stop they are cut short.
            if (early) {
                loadThread.interrupt();
                reloadThread.interrupt();
            }
        }
        loadThread.join();
        reloadThread.join();
        return new Loaded(samples, segments.results(), List.copyOf(reloads));
    }

    private void reloads(Reloader reloader, long start, List<ReloadRecord> into) {
        try {
            // Half a period off the load's minute boundaries, so every reload lands on live connections.
            for (int k = 1; (k - 0.5) * options.reloadSeconds() < options.seconds(); k++) {
                if (!sleepUntil(start, (k - 0.5) * options.reloadSeconds())) {
                    continue;
                }
                ReloadRecord r = reloader.reload();
                into.add(r);
                System.err.println("soak: reload " + r.number() + " to variant " + r.variant() + ": "
                        + (r.appliedMillis() < 0 ? "NOT applied" : "applied after " + r.appliedMillis() + " ms") + ", "
                        + (r.servedMillis() < 0 ? "NOT served" : "served after " + r.servedMillis() + " ms"));
            }
        } catch (InterruptedException e) {
            // the load is over
        }
    }

    /** Sleeps until {@code seconds} after {@code start}; false when that time has already passed by a second. */
    private static boolean sleepUntil(long start, double seconds) throws InterruptedException {
        long wait = start + (long) (seconds * 1e9) - System.nanoTime();
        if (wait < -1_000_000_000L) {
            return false;
        }
        if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
        return true;
    }

    private static Map<String, Long> reloadCounters(AdminClient admin) {
        Map<String, Long> counters = new TreeMap<>();
        for (String outcome : List.of("applied", "invalid", "restart_required", "failed")) {
            admin.metric(Reloader.RELOADS, Map.of("outcome", outcome))
                    .ifPresent(v -> counters.put(outcome, Math.round(v)));
        }
        return counters;
    }
}
