package io.jpraxis.bench.load;

import static io.jpraxis.bench.load.Figures.count;
import static io.jpraxis.bench.load.Figures.millis;
import static io.jpraxis.bench.load.Figures.one;
import static io.jpraxis.bench.load.Figures.ratio;

import io.jpraxis.bench.load.SuiteResult.WorkloadInfo;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/** Renders a {@link SuiteResult} as Markdown: method, one table per workload with ratios, goals. */
public final class MarkdownReport {
    private MarkdownReport() {
    }

    /** The whole report. */
    public static String render(SuiteResult r) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(r.settings().suite().title()).append(" (").append(r.startedAt()).append(")\n\n");
        if (!r.settings().reportable()) {
            md.append("> **Smoke run** (").append(r.settings().rounds()).append(" round(s) of ")
                    .append(r.settings().durationSeconds()).append(" s): the figures check that the suite works;"
                    + " they are not a result (a result needs at least ").append(SuiteOptions.REPORTABLE_ROUNDS)
                    .append(" rounds).\n\n");
        }
        if (!r.machine().jpraxisJavaOpts().isEmpty()) {
            md.append("> **JPRAXIS_JAVA_OPTS was set** (`").append(r.machine().jpraxisJavaOpts())
                    .append("`): jpraxis did not run with its default JVM options.\n\n");
        }
        method(md, r);
        if (r.settings().suite() == Suite.EDGE) {
            md.append(EdgeGoals.METHOD).append("\n\n");
        }
        handshakes(md, r.tlsHandshakes());
        MedianTable table = new MedianTable(r.medians());
        for (WorkloadInfo w : r.workloads()) {
            workload(md, w, table);
        }
        otherLoad(md, r.runs());
        goals(md, r.goals());
        coldStart(md, r.coldStarts());
        return md.toString();
    }

    private static void method(StringBuilder md, SuiteResult r) {
        MachineInfo m = r.machine();
        md.append("**Machine:** ").append(m.nproc()).append(" CPUs (").append(m.cpuModel()).append("), ")
                .append(m.memTotal()).append(", Linux ").append(m.kernel()).append("; load average ")
                .append(m.loadAverage()).append(" at start, ").append(r.loadAverageAtEnd()).append(" at the end (load tool, origin"
                        + " and proxy account for a few; much more means other work shared the machine).  \n");
        md.append("**Software:** ").append(m.jdk()).append("; ").append(m.nginx()).append("; ").append(m.haproxy())
                .append("; ").append(m.wrk()).append("; ").append(m.h2load()).append("; jpraxis ")
                .append(m.gitCommit()).append(".\n\n");
        md.append("**Method:** every target runs on 127.0.0.1 and is started once. Before round 1 each workload"
                + " runs once, untimed, against each of its targets: the JVM's JIT warm-up, which the peers get"
                + " too. Every target gets the same total warm-up, ").append(r.settings().warmupSeconds())
                .append(" s per workload of the target with the most, spread over its own workloads (so"
                + " jpraxis-20f, with one workload, warms up as long as jpraxis with all of them). Then ")
                .append(r.settings().rounds()).append(" rounds of ").append(r.settings().durationSeconds()).append(" s runs, interleaved (round,"
                + " then workload, then target), so drift on the machine spreads over all targets. Figures are"
                + " medians across rounds. Load tools, origin and proxy share the machine's cores. nginx runs one"
                + " worker and HAProxy one thread; jpraxis runs its defaults, as `./jpraxis` starts it.\n\n");
        md.append("**Columns:** req/s as the load tool counted it; p50/p90/p99 latency in ms (wrk's own"
                + " percentiles; for h2load, computed from its per-request log, which times each request from"
                + " submission, so a new connection's TCP handshake is not in it); CPU µs/req = the target's"
                + " user+system CPU over the run (all its processes, from /proc) / completed requests; peak RSS"
                + " sampled every 100 ms (summed over nginx's master and worker; the JVM grows its heap under"
                + " load and gives memory back only now and then, so jpraxis's peak partly carries over from"
                + " earlier runs; the JSON has each run's RSS at its start as well); errors = connect, read, write"
                + " and timeout failures plus non-2xx answers, median per run. For `origin` all figures are the"
                + " origin's own, the cost every proxy adds to.\n\n");
    }

    private static void handshakes(StringBuilder md, List<TlsHandshake> handshakes) {
        if (handshakes.isEmpty()) {
            return;
        }
        md.append("**Handshakes** (`openssl s_client -alpn h2,http/1.1` against each TLS target after its start):\n\n");
        md.append("| target | protocol | cipher | key exchange | ALPN |\n|---|---|---|---|---|\n");
        for (TlsHandshake h : handshakes) {
            md.append("| ").append(h.target()).append(h.pinned() ? "" : " (**not as pinned**)").append(" | ")
                    .append(h.protocol()).append(" | ").append(h.cipher()).append(" | ").append(h.keyExchange())
                    .append(" | ").append(h.alpn()).append(" |\n");
        }
        md.append('\n');
    }

    private static void workload(StringBuilder md, WorkloadInfo w, MedianTable table) {
        List<TargetMedians> rows = table.rowsOf(w.name());
        md.append("## ").append(w.name()).append("\n\n").append(w.description()).append(".\n\n");
        if (rows.isEmpty()) {
            md.append("No runs.\n\n");
            return;
        }
        md.append("| target | req/s | p50 ms | p90 ms | p99 ms | CPU µs/req | peak RSS MiB | errors |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (TargetMedians t : rows) {
            md.append("| ").append(t.target()).append(t.failedRuns() > 0 ? " (" + t.failedRuns() + " failed runs)" : "")
                    .append(" | ").append(count(t.requestsPerSecond()))
                    .append(" | ").append(millis(t.p50Micros())).append(" | ").append(millis(t.p90Micros()))
                    .append(" | ").append(millis(t.p99Micros())).append(" | ").append(one(t.cpuMicrosPerRequest()))
                    .append(" | ").append(one(t.peakRssMiB())).append(" | ").append(count(t.errorsMedian()))
                    .append(" |\n");
        }
        md.append('\n');
        ratios(md, w.name(), table);
    }

    private static void ratios(StringBuilder md, String workload, MedianTable table) {
        StringBuilder lines = new StringBuilder();
        ratioLine(lines, table, workload, TargetKind.JPRAXIS, TargetKind.NGINX);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS, TargetKind.HAPROXY);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS_ONE_LOOP, TargetKind.NGINX);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS_ONE_LOOP, TargetKind.HAPROXY);
        ratioLine(lines, table, workload, TargetKind.NETTY_FLOOR, TargetKind.NGINX);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS, TargetKind.NETTY_FLOOR);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS_20F, TargetKind.JPRAXIS);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS_AI, TargetKind.JPRAXIS);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS_DISPATCH, TargetKind.JPRAXIS);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS_TLS, TargetKind.NGINX_TLS);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS_TLS, TargetKind.HAPROXY_TLS);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS_TLS_JDK, TargetKind.NGINX_TLS);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS_TLS_JDK, TargetKind.JPRAXIS_TLS);
        ratioLine(lines, table, workload, TargetKind.NETTY_FLOOR_TLS, TargetKind.NGINX_TLS);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS_TLS, TargetKind.NETTY_FLOOR_TLS);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS_WS, TargetKind.WS_ORIGIN);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS_WS, TargetKind.NGINX_WS);
        ratioLine(lines, table, workload, TargetKind.JPRAXIS_WS, TargetKind.HAPROXY_WS);
        if (!lines.isEmpty()) {
            md.append("| ratio | req/s | p99 | CPU/req |\n|---|---:|---:|---:|\n").append(lines).append('\n');
        }
    }

    private static void ratioLine(StringBuilder lines, MedianTable table, String workload, TargetKind a,
            TargetKind b) {
        Optional<TargetMedians> x = table.find(workload, a);
        Optional<TargetMedians> y = table.find(workload, b);
        if (x.isEmpty() || y.isEmpty()) {
            return;
        }
        lines.append("| ").append(a.cliName()).append(" / ").append(b.cliName())
                .append(" | ").append(ratioOf(x.get(), y.get(), TargetMedians::requestsPerSecond))
                .append(" | ").append(ratioOf(x.get(), y.get(), TargetMedians::p99Micros))
                .append(" | ").append(ratioOf(x.get(), y.get(), TargetMedians::cpuMicrosPerRequest))
                .append(" |\n");
    }

    private static String ratioOf(TargetMedians a, TargetMedians b, ToDoubleFunction<TargetMedians> metric) {
        return ratio(metric.applyAsDouble(a), metric.applyAsDouble(b));
    }

    private static void otherLoad(StringBuilder md, List<RunRecord> runs) {
        List<RunRecord> measured = runs.stream().filter(run -> run.otherLoad() != null).toList();
        if (measured.isEmpty()) {
            return;
        }
        List<Double> other = measured.stream().map(run -> run.otherLoad().otherPercent()).toList();
        RunRecord worst = measured.stream().max(Comparator.comparingDouble(
                run -> Double.isNaN(run.otherLoad().otherPercent()) ? -1 : run.otherLoad().otherPercent())).orElseThrow();
        md.append("## Other work on the machine\n\nCPU used outside the suite's processes during the measured runs,"
                + " as a share of the machine's capacity: median ").append(one(Stats.median(other)))
                .append("%, highest ").append(one(worst.otherLoad().otherPercent())).append("% (round ")
                .append(worst.round()).append(", ").append(worst.workload()).append(" on ").append(worst.target())
                .append("); hypervisor steal median ")
                .append(one(Stats.median(measured.stream().map(run -> run.otherLoad().stealPercent()).toList())))
                .append("%. Kernel threads woken by the suite's own traffic count as other work, so a few percent"
                        + " is the floor; more means the figures above were perturbed.\n\n");
    }

    private static void coldStart(StringBuilder md, List<ColdStartRun> runs) {
        if (runs.isEmpty()) {
            return;
        }
        md.append("**Cold start** (spawn `./jpraxis -c FILE` until a GET through it to the origin answers 200,"
                + " polled every 10 ms): ")
                .append(String.join(", ", runs.stream().map(c -> one(c.millis()) + " ms").toList()))
                .append("; the launcher script's share before it exec'd the JVM: ")
                .append(String.join(", ", runs.stream().map(c -> one(c.launcherMillis()) + " ms").toList()))
                .append('.');
        int failed = runs.stream().mapToInt(ColdStartRun::failedAttempts).sum();
        if (failed > 0) {
            md.append(' ').append(failed).append(" attempt(s) failed and were retried (the suite's output says why).");
        }
        md.append('\n');
    }

    private static void goals(StringBuilder md, List<GoalResult> goals) {
        md.append("## Goals\n\nJudged against the medians above (jpraxis unless named).\n\n");
        md.append("| goal | verdict | figures |\n|---|---|---|\n");
        for (GoalResult g : goals) {
            md.append("| ").append(g.goal()).append(" | ").append(switch (g.verdict()) {
                case PASS -> "PASS";
                case FAIL -> "**FAIL**";
                case NOT_MEASURED -> "not measured";
            }).append(" | ").append(g.detail()).append(" |\n");
        }
        md.append('\n');
    }
}
