package io.jpraxis.bench.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/** The medians of every workload and target, in run order, built from the raw runs. */
public record MedianTable(List<TargetMedians> rows) {

    public MedianTable {
        rows = List.copyOf(rows);
    }

    /** Medians per (workload, target) pair that has runs, in {@code workloads} and target order. */
    public static MedianTable from(List<Workload> workloads, List<RunRecord> runs) {
        List<TargetMedians> rows = new ArrayList<>();
        for (Workload w : workloads) {
            for (TargetKind t : w.targets()) {
                List<RunRecord> mine = runs.stream().filter(r -> r.round() > 0 && r.workload().equals(w.name())
                        && r.target().equals(t.cliName())).toList();
                if (!mine.isEmpty()) {
                    rows.add(medians(w.name(), t.cliName(), mine));
                }
            }
        }
        return new MedianTable(rows);
    }

    private static TargetMedians medians(String workload, String target, List<RunRecord> runs) {
        List<RunRecord> ok = runs.stream().filter(RunRecord::ok).toList();
        return new TargetMedians(workload, target,
                median(ok, r -> r.result().requestsPerSecond()),
                median(ok, r -> orNaN(r.result().p50Micros())),
                median(ok, r -> orNaN(r.result().p90Micros())),
                median(ok, r -> orNaN(r.result().p99Micros())),
                median(ok, RunRecord::cpuMicrosPerRequest),
                median(ok, RunRecord::peakRssMiB),
                median(ok, r -> r.result().errors()),
                ok.stream().mapToLong(r -> r.result().errors()).sum(),
                ok.size(), runs.size() - ok.size());
    }

    private static double median(List<RunRecord> runs, ToDoubleFunction<RunRecord> metric) {
        return Stats.median(runs.stream().map(r -> metric.applyAsDouble(r)).toList());
    }

    private static double orNaN(long micros) {
        return micros < 0 ? Double.NaN : micros;
    }

    /** The row for {@code workload} on {@code target}, if it ran. */
    public Optional<TargetMedians> find(String workload, TargetKind target) {
        return rows.stream().filter(r -> r.workload().equals(workload) && r.target().equals(target.cliName()))
                .findFirst();
    }

    /** The rows of one workload, in target order. */
    public List<TargetMedians> rowsOf(String workload) {
        return rows.stream().filter(r -> r.workload().equals(workload)).toList();
    }
}
