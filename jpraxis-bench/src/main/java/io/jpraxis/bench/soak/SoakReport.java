package io.jpraxis.bench.soak;

import static io.jpraxis.bench.load.Figures.count;
import static io.jpraxis.bench.load.Figures.one;

import io.jpraxis.bench.load.MachineInfo;
import java.util.List;
import java.util.Locale;

/** Renders a {@link SoakResult} as Markdown: verdicts first, then the load, the reloads and a per-minute table. */
public final class SoakReport {
    private SoakReport() {
    }

    /** The whole report; {@code png} is the chart's file name, beside it. */
    public static String render(SoakResult r, String png) {
        StringBuilder md = new StringBuilder();
        md.append("# jpraxis soak (").append(r.startedAt()).append(", ").append(r.settings().minutes())
                .append(" minutes): ").append(r.pass() ? "PASS" : "**FAIL**").append("\n\n");
        if (!r.reportable()) {
            md.append("> **Short run** (").append(r.settings().minutes()).append(" of ")
                    .append(SoakOptions.REPORTABLE_MINUTES).append(" minutes): a check that the soak works, not a"
                            + " result.\n\n");
        }
        MachineInfo m = r.machine();
        md.append("**Machine:** ").append(m.nproc()).append(" CPUs (").append(m.cpuModel()).append("), ")
                .append(m.memTotal()).append(", Linux ").append(m.kernel()).append("; load average ")
                .append(m.loadAverage()).append(" at start.  \n");
        md.append("**Software:** ").append(m.jdk()).append("; ").append(m.nginx()).append(" (origin); ")
                .append(m.wrk()).append("; ").append(m.h2load()).append("; jpraxis ").append(m.gitCommit())
                .append(m.jpraxisJavaOpts().isEmpty() ? "" : "; JPRAXIS_JAVA_OPTS `" + m.jpraxisJavaOpts() + "`")
                .append(".\n\n");
        method(md, r);
        verdicts(md, r);
        md.append("![soak](").append(png).append(")\n\n");
        load(md, r);
        reloads(md, r);
        minutes(md, r);
        return md.toString();
    }

    private static void method(StringBuilder md, SoakResult r) {
        md.append("**Method:** jpraxis, started through `./jpraxis` with its default JVM options, serves the load"
                + " suite's 20-filter pipeline (18 conditional `headers` filters, one run by a branch chain on every"
                + " request, then router and load balancer) plus a `headers` filter setting `")
                .append(SoakConfig.VARIANT_HEADER).append("`, in front of the nginx origin on 127.0.0.1. ");
        if (r.calibration() != null) {
            md.append("A ").append(r.calibration().seconds()).append(" s calibration after as long a warm-up (")
                    .append(r.calibration().description()).append(") reached ")
                    .append(count(r.calibration().peakRequestsPerSecond())).append(" req/s; the mix ran at half of it, ");
        } else {
            md.append("The mix ran at the rate given with `--rate`, ");
        }
        md.append(count(r.rate())).append(" req/s in total, split as the Load table shows (the POSTs and new connections cost more than a GET, so"
                + " the mix is somewhat past half of its own peak). Every `--reload-secs` (")
                .append(r.settings().reloadSeconds()).append(" s) the config file is replaced, in one rename, by the"
                + " other variant (only the header value differs); a reload counts as good when"
                + " `jpraxis_config_reloads_total{outcome=\"applied\"}` went up and a request carried the new value."
                + " Every ").append(r.settings().sampleSeconds()).append(" s a sample reads VmRSS, `Threads` and the"
                + " entries of `/proc/<pid>/fd`, the admin `/metrics` gauges, and the heap in use after a forced full"
                + " collection (`jcmd <pid> GC.run` then `GC.heap_info`, summed over the generations).\n\n");
        md.append("**Rule:** each metric's median over the samples in the window that plays minute 10 is compared"
                + " with its median over the last window; it passes when it grew by less than 5% (upstream"
                + " connections: by less than 5% or 4 connections, whichever is larger, since that count moves by a"
                + " few with the moment's concurrency). The windows scale with the run: the first ends at a sixth of"
                + " it, each is a sixtieth of it wide and at least 3 samples wide. Here: ")
                .append(window(r.baselineWindow())).append(" and ").append(window(r.lastWindow())).append(". The"
                        + " calibration's 64 connections leave upstream connections in the pool until their idle timeout,"
                        + " so in a run of a few minutes the first window can read high; by minute 10 of an hour they"
                        + " are gone.\n\n");
    }

    private static String window(SoakWindows.Window w) {
        return String.format(Locale.ROOT, "%.0f-%.0f s", w.fromSeconds(), w.toSeconds());
    }

    private static void verdicts(StringBuilder md, SoakResult r) {
        md.append("## Verdict\n\n| metric | first window | last window | growth | allowed | verdict |\n")
                .append("|---|---:|---:|---:|---:|---|\n");
        for (SoakVerdict v : r.verdicts()) {
            String unit = v.metric().unit().isEmpty() ? "" : " " + v.metric().unit();
            md.append("| ").append(v.metric().label()).append(" | ").append(one(v.baseline())).append(unit)
                    .append(" (").append(v.baselineSamples()).append(") | ").append(one(v.last())).append(unit)
                    .append(" (").append(v.lastSamples()).append(") | ")
                    .append(Double.isNaN(v.growthPercent()) ? "-" : String.format(Locale.ROOT, "%+.1f%%", v.growthPercent()))
                    .append(" | ").append(one(v.allowance())).append(unit).append(" | ")
                    .append(v.pass() ? "PASS" : "**FAIL**").append(" |\n");
        }
        long good = r.reloads().stream().filter(ReloadRecord::ok).count();
        md.append("| reloads applied and served | | | | every one | ").append(good).append(" of ")
                .append(r.reloads().size()).append(good == r.reloads().size() && good > 0 ? " PASS" : " **FAIL**")
                .append(" |\n");
        if (!r.jpraxisAlive()) {
            md.append("\njpraxis **exited** during the soak (its log is in the run folder).\n");
        }
        md.append("\n(Sample counts in parentheses.)\n\n");
    }

    private static void load(StringBuilder md, SoakResult r) {
        md.append("## Load\n\n| part | what | rate asked | requests | req/s | errors | failed segments |\n")
                .append("|---|---|---:|---:|---:|---:|---:|\n");
        for (SoakResult.PartTotal p : r.load()) {
            md.append("| ").append(p.part()).append(" | ").append(p.description()).append(" | ")
                    .append(one(p.targetRate())).append(" | ").append(count(p.requests())).append(" | ")
                    .append(one(p.requestsPerSecond())).append(" | ").append(count(p.errors())).append(" | ")
                    .append(p.failedSegments()).append(" |\n");
        }
        md.append("\nErrors are requests that did not end in 2xx, network errors and timeouts included, as h2load"
                + " counts them; each part runs as one h2load per minute-long segment.\n\n");
    }

    private static void reloads(StringBuilder md, SoakResult r) {
        List<ReloadRecord> reloads = r.reloads();
        md.append("## Reloads\n\n").append(reloads.size()).append(" rewrites; counters at the end: ")
                .append(r.reloadCounters()).append(". ");
        List<Long> served = reloads.stream().filter(ReloadRecord::ok).map(ReloadRecord::servedMillis).sorted().toList();
        if (!served.isEmpty()) {
            md.append("From rewrite to the new value served: median ").append(served.get(served.size() / 2))
                    .append(" ms, longest ").append(served.get(served.size() - 1)).append(" ms.");
        }
        reloads.stream().filter(x -> !x.ok()).forEach(x -> md.append("\n- reload ").append(x.number()).append(" at ")
                .append(one(x.atSeconds())).append(" s: ").append(x.appliedMillis() < 0 ? "not applied" : "applied")
                .append(", ").append(x.servedMillis() < 0 ? "not served" : "served"));
        md.append("\n\n");
    }

    private static void minutes(StringBuilder md, SoakResult r) {
        md.append("## By minute\n\nThe last sample of each minute (every sample is in the JSON).\n\n")
                .append("| minute | RSS MiB | heap after GC MiB | metaspace MiB | fds | upstream conns | threads |"
                        + " generations open |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        List<SoakSample> samples = r.samples();
        for (int i = 0; i < samples.size(); i++) {
            SoakSample s = samples.get(i);
            int minute = (int) (s.seconds() / 60);
            if (i + 1 < samples.size() && (int) (samples.get(i + 1).seconds() / 60) == minute) {
                continue;
            }
            md.append("| ").append(minute + 1).append(" | ").append(one(s.rssKiB() / 1024.0)).append(" | ")
                    .append(one(s.heapAfterGcKiB() / 1024.0)).append(" | ").append(one(s.metaspaceKiB() / 1024.0))
                    .append(" | ").append(s.openFds()).append(" | ").append(s.upstreamConnections()).append(" | ")
                    .append(s.threads()).append(" | ").append(s.generationsOpen()).append(" |\n");
        }
        md.append('\n');
    }
}
