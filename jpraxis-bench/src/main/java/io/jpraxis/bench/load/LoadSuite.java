package io.jpraxis.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The side-by-side load suite ({@code bench/run}): starts the targets, measures jpraxis's cold
 * start, runs the workloads, and writes JSON, Markdown and PNG results. Run from the checkout's
 * root, where {@code ./jpraxis} and {@code bench/peers/} are.
 */
public final class LoadSuite {
    private static final int COLD_STARTS = 3;
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd-HHmm").withZone(ZoneOffset.UTC);

    private final SuiteOptions options;
    private final Path root;

    private LoadSuite(SuiteOptions options, Path root) {
        this.options = options;
        this.root = root;
    }

    /** Entry point; exits 0 when every run produced figures, 1 when some did not, 2 on bad options. */
    public static void main(String[] args) throws Exception {
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            System.out.print(SuiteOptions.USAGE);
            return;
        }
        SuiteOptions options;
        try {
            options = SuiteOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("bench/run: " + e.getMessage());
            System.err.print(SuiteOptions.USAGE);
            System.exit(2);
            return;
        }
        Path root = Path.of("").toAbsolutePath();
        if (!Files.isExecutable(root.resolve("jpraxis")) || !Files.isDirectory(root.resolve("bench/peers"))) {
            System.err.println("bench/run: run from the jpraxis checkout's root (no ./jpraxis or bench/peers in " + root + ")");
            System.exit(2);
        }
        System.exit(new LoadSuite(options, root).run());
    }

    private int run() throws IOException, InterruptedException {
        Instant started = Instant.now();
        Path runDir = Files.createTempDirectory("jpraxis-load-");
        Files.setPosixFilePermissions(runDir, PosixFilePermissions.fromString("rwxr-xr-x"));
        System.err.println("load: configs, server logs and tool output go to " + runDir);
        System.err.println("load: about " + estimateMinutes() + " minutes of load, plus start-up");
        ProcessReaper reaper = ProcessReaper.withShutdownHook();
        try {
            MachineInfo machine = MachineInfo.collect(root);
            long ticks = ClockTicks.perSecond();
            OriginContent.write(runDir);
            if (options.neededTargets().contains(TargetKind.JPRAXIS_EDGE)) {
                EdgeCredentials.generate().write(runDir); // the key set jwt_auth reads and the client's token
            }
            Map<TargetKind, Target> targets = startTargets(runDir, reaper);
            Map<String, String> pin = ClientTlsPin.environment(runDir);
            List<TlsHandshake> handshakes = targets.values().stream().filter(t -> t.kind().tls())
                    .map(t -> TlsHandshake.check(t, pin)).toList();
            handshakes.forEach(h -> System.err.println("load: " + h.target() + " negotiates " + h.protocol() + " "
                    + h.cipher() + ", " + h.keyExchange() + ", ALPN " + h.alpn() + (h.pinned() ? "" : " (NOT AS PINNED)")));
            List<ColdStartRun> coldStart = targets.containsKey(TargetKind.JPRAXIS)
                    ? new ColdStart(new JpraxisLauncher(root), reaper, runDir).measure(COLD_STARTS,
                            targets.get(TargetKind.ORIGIN))
                    : List.of();
            coldStart.forEach(c -> System.err.println("load: cold start " + Figures.one(c.millis()) + " ms (launcher script "
                    + Figures.one(c.launcherMillis()) + " ms of it)"));
            List<RunRecord> runs = new SuiteRunner(options, new LoadRunner(runDir, reaper, ticks), targets).run();
            String loadAtEnd = MachineInfo.loadAverageNow();
            reaper.stopAll();
            SuiteResult result = result(started, machine, ticks, coldStart, runs, loadAtEnd, runDir, handshakes);
            write(result, started);
            return runs.stream().allMatch(RunRecord::ok) ? 0 : 1;
        } finally {
            reaper.stopAll();
        }
    }

    private Map<TargetKind, Target> startTargets(Path runDir, ProcessReaper reaper)
            throws IOException, InterruptedException {
        TargetLauncher launcher = new TargetLauncher(root, runDir, reaper);
        Map<TargetKind, Target> targets = new EnumMap<>(TargetKind.class);
        // Enum order starts the origins first: every proxy's config names its origin's port.
        for (TargetKind kind : options.neededTargets()) {
            Target t;
            try {
                t = launcher.startAfter(kind, targets);
            } catch (IllegalStateException e) {
                if (kind.upstream() == kind) {
                    throw e; // without an origin no proxy can be measured
                }
                // One proxy that cannot start (a config this build refuses) fails its own runs only.
                System.err.println("load: NOT STARTED " + kind.cliName() + ": " + e.getMessage());
                continue;
            }
            targets.put(kind, t);
            System.err.println("load: started " + kind.cliName() + " on port " + t.port()
                    + (t.h2cPort() != t.port() ? " (h2c " + t.h2cPort() + ")" : "") + ", pid "
                    + t.processes().rootPid());
        }
        return targets;
    }

    private SuiteResult result(Instant started, MachineInfo machine, long ticks, List<ColdStartRun> coldStart,
            List<RunRecord> runs, String loadAtEnd, Path runDir, List<TlsHandshake> handshakes) {
        MedianTable table = MedianTable.from(options.workloads(), runs);
        List<Double> millis = coldStart.stream().map(ColdStartRun::millis).toList();
        return new SuiteResult(started.truncatedTo(ChronoUnit.SECONDS).toString(),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                SuiteResult.Settings.of(options, ticks), machine,
                options.workloads().stream().map(w -> SuiteResult.WorkloadInfo.of(w, options)).toList(),
                coldStart, Stats.median(millis), runs, table.rows(), options.suite().goals(table, runs, millis),
                loadAtEnd, runDir.toString(), handshakes);
    }

    private void write(SuiteResult result, Instant started) throws IOException {
        Files.createDirectories(options.outDir());
        String base = options.suite().cliName() + "-" + STAMP.format(started) + (options.reportable() ? "" : "-quick");
        Path json = options.outDir().resolve(base + ".json");
        Path md = options.outDir().resolve(base + ".md");
        Path png = options.outDir().resolve(base + ".png");
        JsonReport.write(result, json);
        String markdown = MarkdownReport.render(result);
        Files.writeString(md, markdown);
        ChartRenderer.write(new MedianTable(result.medians()), options.workloads().stream().map(Workload::name).toList(),
                options.suite().cliName() + ": jpraxis vs nginx vs HAProxy, medians of " + options.rounds() + " x "
                        + options.durationSeconds()
                        + " s (" + result.startedAt() + ")", png);
        System.out.println(markdown);
        System.err.println("load: wrote " + json + ", " + md + " and " + png);
    }

    private long estimateMinutes() {
        long seconds = 0;
        for (Workload w : options.workloads()) {
            for (TargetKind t : options.targetsOf(w)) {
                seconds += SuiteRunner.warmupSeconds(options, t) + (long) options.rounds() * options.durationSeconds();
            }
        }
        return Math.max(1, Math.round(seconds / 60.0));
    }
}
