package io.jpraxis.bench.load;

import static io.jpraxis.bench.load.Figures.count;
import static io.jpraxis.bench.load.Figures.millis;
import static io.jpraxis.bench.load.Figures.one;
import static io.jpraxis.bench.load.Figures.ratio;
import static io.jpraxis.bench.load.TargetKind.HAPROXY;
import static io.jpraxis.bench.load.TargetKind.HAPROXY_GZIP;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_20F;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_AI;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_DISPATCH;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_EDGE;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_GZIP;
import static io.jpraxis.bench.load.TargetKind.NGINX;
import static io.jpraxis.bench.load.TargetKind.NGINX_GZIP;

import io.jpraxis.bench.load.GoalResult.Verdict;
import java.util.List;
import java.util.Optional;

/** jpraxis's performance goals, each judged against the medians of a suite run. */
public final class Goals {
    static final double CPU_PER_REQUEST_VS_NGINX = 1.2;
    static final double RSS_FLAT_FRACTION = 0.10;
    static final double RSS_FLAT_MIB = 16;
    static final double CONNS_RSS_LIMIT_MIB = 256;
    static final double PIPELINE_FRACTION = 0.9;
    static final double COLD_START_LIMIT_MILLIS = 1000;
    static final double AI_PATH_ADDED_P50_MICROS = 300;
    static final double DISPATCH_FRACTION = 0.9;
    static final double EDGE_PIPELINE_FRACTION = 0.85;

    private Goals() {
    }

    /** Every goal, in a fixed order; {@code coldStartMillis} is empty when it was not measured. */
    public static List<GoalResult> evaluate(MedianTable t, List<Double> coldStartMillis) {
        return List.of(smallGetThroughput(t), smallGetTail(t), smallGetCpu(t), largePost(t), flatMemory(t),
                manyConnections(t), pipeline(t), aiPath(t), dispatch(t, "dispatch-direct"), dispatch(t, "dispatch-irr"),
                edgePipeline(t), compression(t), coldStart(coldStartMillis));
    }

    static GoalResult smallGetThroughput(MedianTable t) {
        String goal = "get-small req/s >= nginx and >= haproxy";
        return three(t, "get-small", goal).map(r -> verdict(goal,
                r.j.requestsPerSecond() >= r.n.requestsPerSecond() && r.j.requestsPerSecond() >= r.h.requestsPerSecond(),
                "jpraxis %s req/s; nginx %s (x%s); haproxy %s (x%s)".formatted(
                        count(r.j.requestsPerSecond()), count(r.n.requestsPerSecond()),
                        ratio(r.j.requestsPerSecond(), r.n.requestsPerSecond()), count(r.h.requestsPerSecond()),
                        ratio(r.j.requestsPerSecond(), r.h.requestsPerSecond()))))
                .orElseGet(() -> missing(goal));
    }

    static GoalResult smallGetTail(MedianTable t) {
        String goal = "get-small p99 <= nginx and <= haproxy";
        return three(t, "get-small", goal).map(r -> verdict(goal,
                r.j.p99Micros() <= r.n.p99Micros() && r.j.p99Micros() <= r.h.p99Micros(),
                "jpraxis %s ms; nginx %s ms; haproxy %s ms".formatted(
                        millis(r.j.p99Micros()), millis(r.n.p99Micros()), millis(r.h.p99Micros()))))
                .orElseGet(() -> missing(goal));
    }

    static GoalResult smallGetCpu(MedianTable t) {
        String goal = "get-small CPU/request <= 1.2x nginx";
        return pair(t, "get-small", JPRAXIS, NGINX).map(p -> verdict(goal,
                p.subject().cpuMicrosPerRequest() <= CPU_PER_REQUEST_VS_NGINX * p.reference().cpuMicrosPerRequest(),
                "jpraxis %s us/req; nginx %s us/req (x%s)".formatted(one(p.subject().cpuMicrosPerRequest()),
                        one(p.reference().cpuMicrosPerRequest()), ratio(p.subject().cpuMicrosPerRequest(), p.reference().cpuMicrosPerRequest()))))
                .orElseGet(() -> missing(goal));
    }

    static GoalResult largePost(MedianTable t) {
        String goal = "post-1m req/s >= nginx";
        return pair(t, "post-1m", JPRAXIS, NGINX).map(p -> verdict(goal,
                p.subject().requestsPerSecond() >= p.reference().requestsPerSecond(),
                "jpraxis %s req/s; nginx %s (x%s)".formatted(count(p.subject().requestsPerSecond()),
                        count(p.reference().requestsPerSecond()), ratio(p.subject().requestsPerSecond(), p.reference().requestsPerSecond()))))
                .orElseGet(() -> missing(goal));
    }

    static GoalResult flatMemory(MedianTable t) {
        String goal = "jpraxis peak RSS flat from post-64k to post-1m (within 10% or 16 MiB)";
        Optional<TargetMedians> small = measured(t.find("post-64k", JPRAXIS));
        Optional<TargetMedians> large = measured(t.find("post-1m", JPRAXIS));
        if (small.isEmpty() || large.isEmpty() || Double.isNaN(small.get().peakRssMiB())
                || Double.isNaN(large.get().peakRssMiB())) {
            return missing(goal);
        }
        double a = small.get().peakRssMiB();
        double b = large.get().peakRssMiB();
        double growth = b - a;
        boolean flat = growth <= RSS_FLAT_MIB || growth <= RSS_FLAT_FRACTION * a;
        return verdict(goal, flat, "post-64k %s MiB; post-1m %s MiB (%s%s MiB, %s%%)".formatted(one(a), one(b),
                growth >= 0 ? "+" : "", one(growth), one(100 * growth / a)));
    }

    static GoalResult manyConnections(MedianTable t) {
        String goal = "conns-1000: 0 errors in every round and peak RSS < 256 MiB";
        return measured(t.find("conns-1000", JPRAXIS)).map(j -> verdict(goal,
                j.errorsTotal() == 0 && j.peakRssMiB() < CONNS_RSS_LIMIT_MIB,
                "%d errors over %d rounds; peak RSS %s MiB".formatted(j.errorsTotal(), j.runs(), one(j.peakRssMiB()))))
                .orElseGet(() -> missing(goal));
    }

    static GoalResult pipeline(MedianTable t) {
        String goal = "pipeline-20f req/s >= 0.9x plain jpraxis";
        return pair(t, "pipeline-20f", JPRAXIS_20F, JPRAXIS).map(p -> verdict(goal,
                p.subject().requestsPerSecond() >= PIPELINE_FRACTION * p.reference().requestsPerSecond(),
                "20 filters %s req/s; plain %s req/s (x%s)".formatted(count(p.subject().requestsPerSecond()),
                        count(p.reference().requestsPerSecond()), ratio(p.subject().requestsPerSecond(), p.reference().requestsPerSecond()))))
                .orElseGet(() -> missing(goal));
    }

    static GoalResult aiPath(MedianTable t) {
        String goal = "ai-path p50 <= plain jpraxis p50 + 0.3 ms";
        return pair(t, "ai-path", JPRAXIS_AI, JPRAXIS).map(p -> verdict(goal,
                p.subject().p50Micros() - p.reference().p50Micros() <= AI_PATH_ADDED_P50_MICROS,
                "AI path %s ms; plain %s ms (+%s ms)".formatted(millis(p.subject().p50Micros()),
                        millis(p.reference().p50Micros()), millis(p.subject().p50Micros() - p.reference().p50Micros()))))
                .orElseGet(() -> missing(goal));
    }

    /**
     * Issue 7: each path of the dispatch example (see
     * docs/behaviour/binding.md#example-bound-dispatch) within 10% of the plain path's req/s.
     */
    static GoalResult dispatch(MedianTable t, String workload) {
        String goal = workload + " req/s >= 0.9x plain jpraxis";
        return pair(t, workload, JPRAXIS_DISPATCH, JPRAXIS).map(p -> verdict(goal,
                p.subject().requestsPerSecond() >= DISPATCH_FRACTION * p.reference().requestsPerSecond(),
                "dispatch %s req/s; plain %s req/s (x%s)".formatted(count(p.subject().requestsPerSecond()),
                        count(p.reference().requestsPerSecond()), ratio(p.subject().requestsPerSecond(), p.reference().requestsPerSecond()))))
                .orElseGet(() -> missing(goal));
    }

    /**
     * Issue 26: the edge pipeline within 15% of the plain path's req/s. Every request must have
     * been answered 2xx on both (wrk counts a 401, 403 or 429 as an error): a pipeline that refuses
     * is fast for the wrong reason, so any error fails the goal.
     */
    static GoalResult edgePipeline(MedianTable t) {
        String goal = "edge-pipeline req/s >= 0.85x plain jpraxis, no errors";
        return pair(t, "edge-pipeline", JPRAXIS_EDGE, JPRAXIS).map(p -> verdict(goal,
                p.subject().requestsPerSecond() >= EDGE_PIPELINE_FRACTION * p.reference().requestsPerSecond()
                        && p.subject().errorsTotal() == 0 && p.reference().errorsTotal() == 0,
                "edge %s req/s; plain %s req/s (x%s); errors %d and %d".formatted(
                        count(p.subject().requestsPerSecond()), count(p.reference().requestsPerSecond()),
                        ratio(p.subject().requestsPerSecond(), p.reference().requestsPerSecond()),
                        p.subject().errorsTotal(), p.reference().errorsTotal())))
                .orElseGet(() -> missing(goal));
    }

    /**
     * Issue 26: gzip of a 64 KiB JSON answer at least as fast as nginx's {@code gzip on} at the same
     * level (6), with no errors; HAProxy's libslz figure is shown beside it.
     */
    static GoalResult compression(MedianTable t) {
        String goal = "compression req/s >= nginx-gzip (level 6), no errors";
        Optional<TargetMedians> h = measured(t.find("compression", HAPROXY_GZIP));
        return pair(t, "compression", JPRAXIS_GZIP, NGINX_GZIP).map(p -> verdict(goal,
                p.subject().requestsPerSecond() >= p.reference().requestsPerSecond()
                        && p.subject().errorsTotal() == 0,
                "jpraxis-gzip %s req/s; nginx-gzip %s (x%s)%s; errors %d".formatted(
                        count(p.subject().requestsPerSecond()), count(p.reference().requestsPerSecond()),
                        ratio(p.subject().requestsPerSecond(), p.reference().requestsPerSecond()),
                        h.map(x -> "; haproxy-gzip %s (x%s)".formatted(count(x.requestsPerSecond()),
                                ratio(p.subject().requestsPerSecond(), x.requestsPerSecond()))).orElse(""),
                        p.subject().errorsTotal())))
                .orElseGet(() -> missing(goal));
    }

    static GoalResult coldStart(List<Double> millis) {
        String goal = "cold start to first proxied 200 < 1 s (median of 3)";
        if (millis.isEmpty()) {
            return missing(goal);
        }
        double median = Stats.median(millis);
        return verdict(goal, median < COLD_START_LIMIT_MILLIS, "median %s ms; runs %s ms".formatted(one(median),
                String.join(", ", millis.stream().map(Figures::one).toList())));
    }

    private record Three(TargetMedians j, TargetMedians n, TargetMedians h) {
    }

    private static Optional<Three> three(MedianTable t, String workload, String goal) {
        Optional<TargetMedians> j = measured(t.find(workload, JPRAXIS));
        Optional<TargetMedians> n = measured(t.find(workload, NGINX));
        Optional<TargetMedians> h = measured(t.find(workload, HAPROXY));
        return j.isPresent() && n.isPresent() && h.isPresent() ? Optional.of(new Three(j.get(), n.get(), h.get()))
                : Optional.empty();
    }

    /** A figure of {@code subject} set against the same figure of {@code reference}. */
    private record Pair(TargetMedians subject, TargetMedians reference) {
    }

    private static Optional<Pair> pair(MedianTable t, String workload, TargetKind a, TargetKind b) {
        Optional<TargetMedians> x = measured(t.find(workload, a));
        Optional<TargetMedians> y = measured(t.find(workload, b));
        return x.isPresent() && y.isPresent() ? Optional.of(new Pair(x.get(), y.get())) : Optional.empty();
    }

    private static Optional<TargetMedians> measured(Optional<TargetMedians> row) {
        return row.filter(r -> r.runs() > 0);
    }

    private static GoalResult verdict(String goal, boolean pass, String detail) {
        return new GoalResult(goal, pass ? Verdict.PASS : Verdict.FAIL, detail);
    }

    private static GoalResult missing(String goal) {
        return new GoalResult(goal, Verdict.NOT_MEASURED, "a workload or target it needs was not run");
    }
}
