package io.jpraxis.bench.load;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs the workloads: one untimed warm-up per workload and target, then the rounds, interleaved
 * (for each round, each workload, each target) so that slow drift on the machine, such as
 * another process waking up, lands on every target alike instead of on one.
 */
public final class SuiteRunner {
    private final SuiteOptions options;
    private final LoadRunner runner;
    private final Map<TargetKind, Target> targets;

    /** Runs {@code options}' workloads against the started {@code targets}. */
    public SuiteRunner(SuiteOptions options, LoadRunner runner, Map<TargetKind, Target> targets) {
        this.options = options;
        this.runner = runner;
        this.targets = Map.copyOf(targets);
    }

    /** Every measured run (warm-ups are not kept), in the order they ran. */
    public List<RunRecord> run() throws InterruptedException {
        for (Workload w : options.workloads()) {
            for (TargetKind t : options.targetsOf(w)) {
                if (targets.containsKey(t)) {
                    report("warm-up", runner.run(0, w, targets.get(t), origin(t), warmupSeconds(options, t)));
                }
            }
        }
        List<RunRecord> runs = new ArrayList<>();
        for (int round = 1; round <= options.rounds(); round++) {
            for (Workload w : options.workloads()) {
                for (TargetKind t : options.targetsOf(w)) {
                    RunRecord run = targets.containsKey(t)
                            ? runner.run(round, w, targets.get(t), origin(t), options.durationSeconds())
                            : RunRecord.failed(round, w.name(), t.cliName(), "not started (the suite's output says why)");
                    runs.add(run);
                    report("round " + round + "/" + options.rounds(), run);
                }
            }
        }
        return runs;
    }

    private Target origin(TargetKind target) {
        return targets.get(target.upstream());
    }

    /**
     * The warm-up run's length for {@code target}: every target gets the same total warm-up (the
     * warm-up seconds times the most workloads any target runs), spread over its own workloads.
     * Otherwise jpraxis-20f, which runs one workload, would enter round 1 with a far colder JIT
     * than jpraxis, which had warmed up on seven.
     */
    static int warmupSeconds(SuiteOptions options, TargetKind target) {
        Map<TargetKind, Integer> counts = new EnumMap<>(TargetKind.class);
        for (Workload w : options.workloads()) {
            options.targetsOf(w).forEach(t -> counts.merge(t, 1, Integer::sum));
        }
        int most = counts.values().stream().mapToInt(Integer::intValue).max().orElse(1);
        int mine = counts.getOrDefault(target, 1);
        return (int) Math.ceil((double) options.warmupSeconds() * most / mine);
    }

    private static void report(String phase, RunRecord run) {
        if (!run.ok()) {
            System.err.printf("load: %-11s %-16s %-12s FAILED: %s%n", phase, run.workload(), run.target(),
                    run.failure());
            return;
        }
        ToolResult r = run.result();
        System.err.printf(Locale.ROOT,
                "load: %-11s %-16s %-12s %10s req/s  p99 %8s ms  %6s us/req  %7s MiB  %d errors  other %s%%%n",
                phase, run.workload(), run.target(), Figures.count(r.requestsPerSecond()),
                Figures.millis(r.p99Micros() < 0 ? Double.NaN : r.p99Micros()), Figures.one(run.cpuMicrosPerRequest()),
                Figures.one(run.peakRssMiB()), r.errors(), Figures.one(run.otherLoad().otherPercent()));
    }
}
