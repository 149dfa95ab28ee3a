package io.jpraxis.bench.load;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The suite's command line, parsed.
 *
 * @param suite the load suite or the edge suite ({@code bench/run edge})
 * @param warmupSeconds length of the one untimed run per workload and target before round 1
 * @param targets the targets allowed; a workload runs against those of its own that are allowed
 * @param quick a smoke run: its files are named {@code -quick} and its medians are not a result
 */
public record SuiteOptions(Suite suite, int rounds, int durationSeconds, int warmupSeconds, List<Workload> workloads,
        Set<TargetKind> targets, boolean quick, Path outDir) {

    /** Rounds below this are a smoke run: the report says its medians are not a result. */
    public static final int REPORTABLE_ROUNDS = 3;

    public static final String USAGE = """
            usage: bench/run [edge] [--rounds N] [--duration SECONDS] [--warmup SECONDS]
                                    [--workloads a,b] [--targets a,b] [--quick] [--out DIR]
              edge                the edge suite (TLS, HTTP/2 over TLS, WebSocket) instead of the load suite
              --rounds N          interleaved rounds, medians across them (default 3; 3+ for a report)
              --duration SECONDS  length of each measured run (default 10)
              --warmup SECONDS    untimed run per workload and target before round 1 (default 5)
              --workloads a,b     a subset of: %s
                                  (edge: %s)
              --targets a,b       a subset of: %s
              --quick             smoke run: 1 round of 3 s, 2 s warm-up (explicit options still win)
              --out DIR           where results go (default bench/results)
            """.formatted(String.join(", ", Workloads.ALL.stream().map(Workload::name).toList()),
            String.join(", ", EdgeWorkloads.ALL.stream().map(Workload::name).toList()),
            String.join(", ", List.of(TargetKind.values()).stream().map(TargetKind::cliName).toList()));

    public SuiteOptions {
        workloads = List.copyOf(workloads);
        targets = Set.copyOf(targets);
    }

    /** Whether the rounds are enough for the medians to be reported as results. */
    public boolean reportable() {
        return rounds >= REPORTABLE_ROUNDS && !quick;
    }

    /** Parses {@code args}; a wrong option throws {@link IllegalArgumentException} naming it. */
    public static SuiteOptions parse(String... args) {
        Integer rounds = null;
        Integer duration = null;
        Integer warmup = null;
        Suite suite = args.length > 0 && args[0].equals(Suite.EDGE.cliName()) ? Suite.EDGE : Suite.LOAD;
        List<Workload> workloads = suite.workloads();
        Set<TargetKind> targets = EnumSet.allOf(TargetKind.class);
        boolean quick = false;
        Path out = Path.of("bench", "results");
        for (int i = suite == Suite.EDGE ? 1 : 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--rounds" -> rounds = OptionArgs.positive(arg, OptionArgs.value(args, ++i, arg));
                case "--duration" -> duration = OptionArgs.positive(arg, OptionArgs.value(args, ++i, arg));
                case "--warmup" -> warmup = OptionArgs.positive(arg, OptionArgs.value(args, ++i, arg));
                case "--workloads" -> workloads = workloads(suite, OptionArgs.value(args, ++i, arg));
                case "--targets" -> targets = targets(OptionArgs.value(args, ++i, arg));
                case "--out" -> out = Path.of(OptionArgs.value(args, ++i, arg));
                case "--quick" -> quick = true;
                default -> throw new IllegalArgumentException(arg + ": unknown option (expected one of"
                        + " --rounds --duration --warmup --workloads --targets --quick --out)");
            }
        }
        return new SuiteOptions(suite,
                rounds != null ? rounds : quick ? 1 : REPORTABLE_ROUNDS,
                duration != null ? duration : quick ? 3 : 10,
                warmup != null ? warmup : quick ? 2 : 5,
                workloads, targets, quick, out);
    }

    private static List<Workload> workloads(Suite suite, String list) {
        List<Workload> chosen = new ArrayList<>();
        for (String name : names(list)) {
            chosen.add(suite.workloads().stream().filter(w -> w.name().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("--workloads: \"" + name + "\" (expected one of: "
                            + String.join(", ", suite.workloads().stream().map(Workload::name).toList()) + ")")));
        }
        // Run order stays the list's, whatever order the names came in.
        return suite.workloads().stream().filter(chosen::contains).toList();
    }

    private static Set<TargetKind> targets(String list) {
        Set<TargetKind> chosen = EnumSet.noneOf(TargetKind.class);
        for (String name : names(list)) {
            chosen.add(TargetKind.byName(name).orElseThrow(() -> new IllegalArgumentException(
                    "--targets: \"" + name + "\" (expected one of: "
                            + String.join(", ", List.of(TargetKind.values()).stream().map(TargetKind::cliName).toList())
                            + ")")));
        }
        return chosen;
    }

    private static List<String> names(String list) {
        List<String> names = List.of(list.split(",")).stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
        if (names.isEmpty()) {
            throw new IllegalArgumentException("\"" + list + "\" (expected: a comma-separated list of names)");
        }
        return names;
    }

    /** The targets {@code workload} runs against under these options, in the workload's order. */
    public List<TargetKind> targetsOf(Workload workload) {
        return workload.targets().stream().filter(targets::contains).toList();
    }

    /** Every target some chosen workload needs and their origins, in enum order: these are started. */
    public Set<TargetKind> neededTargets() {
        Set<TargetKind> needed = EnumSet.noneOf(TargetKind.class);
        workloads.forEach(w -> needed.addAll(targetsOf(w)));
        needed.addAll(needed.stream().map(TargetKind::upstream).toList()); // every proxy forwards to one
        return needed;
    }
}
