package io.jpraxis.bench.load;

import java.util.List;

/**
 * Everything one suite run found: what was run, where, every raw run, the medians and the goals.
 * It is written as JSON as-is.
 *
 * @param coldStarts each cold start measured; empty when jpraxis was not among the targets
 * @param loadAverageAtEnd the load averages when the last run ended, beside the machine's at start
 * @param runDir where configs, server logs and tool output of this run stay for inspection
 * @param tlsHandshakes what each TLS target negotiated when checked after its start; empty without any
 */
public record SuiteResult(String startedAt, String finishedAt, Settings settings, MachineInfo machine,
        List<WorkloadInfo> workloads, List<ColdStartRun> coldStarts, double coldStartMedianMillis,
        List<RunRecord> runs, List<TargetMedians> medians, List<GoalResult> goals, String loadAverageAtEnd,
        String runDir, List<TlsHandshake> tlsHandshakes) {

    public SuiteResult {
        workloads = List.copyOf(workloads);
        coldStarts = List.copyOf(coldStarts);
        runs = List.copyOf(runs);
        medians = List.copyOf(medians);
        goals = List.copyOf(goals);
        tlsHandshakes = List.copyOf(tlsHandshakes);
    }

    /** The options the run used, as plain values. */
    public record Settings(int rounds, int durationSeconds, int warmupSeconds, boolean quick, boolean reportable,
            long clockTicksPerSecond, Suite suite) {

        static Settings of(SuiteOptions o, long clockTicks) {
            return new Settings(o.rounds(), o.durationSeconds(), o.warmupSeconds(), o.quick(), o.reportable(),
                    clockTicks, o.suite());
        }
    }

    /** A workload as run: its name, what it does, its load spec and the targets it ran against. */
    public record WorkloadInfo(String name, String description, String spec, List<String> targets) {

        public WorkloadInfo {
            targets = List.copyOf(targets);
        }

        static WorkloadInfo of(Workload w, SuiteOptions o) {
            return new WorkloadInfo(w.name(), w.description(), w.spec().toString(),
                    o.targetsOf(w).stream().map(TargetKind::cliName).toList());
        }
    }
}
