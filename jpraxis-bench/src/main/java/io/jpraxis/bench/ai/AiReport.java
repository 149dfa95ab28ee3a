package io.jpraxis.bench.ai;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writes a bench/ai run as {@code <base>.json} (every round) and {@code <base>.md} (medians and goals). */
final class AiReport {
    private AiReport() {
    }

    /** Writes both files into {@code dir}; returns the Markdown file. */
    static Path write(AiResult r, Path dir, String base) throws IOException {
        Files.createDirectories(dir);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("goals", r.goals());
        json.put("result", r);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(dir.resolve(base + ".json").toFile(), json);
        Path md = dir.resolve(base + ".md");
        Files.writeString(md, markdown(r, base));
        return md;
    }

    static String markdown(AiResult r, String base) {
        StringBuilder md = new StringBuilder();
        AiOptions o = r.options();
        md.append("# AI gateway benchmark ").append(base).append("\n\n");
        md.append("`bench/ai --rounds ").append(o.rounds()).append(" --duration ").append(o.durationSeconds())
                .append(" --warmup ").append(o.warmupSeconds()).append(" --connections ")
                .append(String.join(",", o.connections().stream().map(String::valueOf).toList()))
                .append(" --stream-connections ").append(o.streamConnections()).append(" --stream-rounds ")
                .append(o.streamRounds()).append(" --stream-warmup ").append(o.streamWarmupSeconds()).append(" --samples ")
                .append(o.samples()).append(" --warmup-samples ").append(o.warmupSamples()).append("`, ")
                .append(r.startedAt()).append(" to ").append(r.endedAt()).append(".\n\n");
        md.append("examples/ai-gateway.yaml itself (only its addresses moved to free ports; client key"
                + " sk-jpraxis-example, provider keys from examples/secrets/), started by `./jpraxis -c` from the"
                + " checkout's root, in front of fake OpenAI providers on one Netty event loop in the benchmark's"
                + " JVM (A answers 503 at once, B serves). The plain path is router + load_balancer to B. Every"
                + " comparison ran in rounds alternating which gateway goes first, against warm gateways.\n\n");
        md.append("## Goals\n\n| Goal | Measured | Met |\n| --- | --- | --- |\n");
        for (AiResult.Goal g : r.goals()) {
            md.append("| ").append(g.goal()).append(" | ").append(g.measured()).append(" | ")
                    .append(g.verdict()).append(" |\n");
        }
        md.append("\n## 1. 2 KiB chat completion: flagship vs plain path\n\n");
        md.append("POST /v1/chat/completions, ").append(AiBench.CHAT_BYTES).append(" bytes of JSON (gpt-4o-mini,"
                + " to provider B), wrk for ").append(o.durationSeconds()).append(" s per round; medians of ")
                .append(o.rounds()).append(" rounds.\n\n");
        for (Comparison c : r.overhead()) {
            table(md, c);
        }
        md.append("## 2. token_count on a 64 KiB SSE stream\n\n");
        md.append("A streamed gpt-4o-mini completion of ~64 KiB (").append(ProviderAnswers.chunksFor64KiB(
                ChatRequests.MINI)).append(" content events, each its own flushed write, then the include_usage"
                + " chunk and [DONE]); the gateway JVM's utime+stime from /proc over each wrk run, per request."
                + " The flagship against the same file without its two token_count filters, in ").append(o.streamRounds())
                .append(" rounds in which both take the load at the same time (one wrk each), so both see the same"
                        + " other work on the machine; the goal is judged on the median of the rounds' ratios."
                        + " stream-64k: each event its own flushed write, so the gateway reads a few events at a"
                        + " time; stream-64k-burst: the whole stream in one flush, so it reads many per read and"
                        + " token_count's per-byte work stands out from the per-read relay cost.\n\n");
        r.tokenCount().forEach(c -> table(md, c));
        md.append("## 3. Time to first token\n\n");
        md.append("One request at a time on a kept-alive connection per path, the paths interleaved, ")
                .append(r.firstTokens().warmupSamples()).append(" untimed then ").append(o.samples())
                .append(" timed samples each: from writing the request to the read that brought the first body"
                        + " byte (the first `data:` event). A ").append(ChatRequests.FIRST_TOKEN_EVENTS)
                .append("-event stream with usage. direct: to provider B with B's key; flagship: gpt-4o-mini"
                        + " through the gateway; failover: gpt-4o, provider A answers 503, model_failover sends it"
                        + " to B as gpt-4o-2024-11-20.\n\n");
        md.append("| Path | p50 µs | p90 µs | p99 µs | max µs | p50 - direct | p99 - direct | samples | errors |\n")
                .append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        FirstTokens.Path direct = r.firstTokens().path("direct");
        for (FirstTokens.Path p : r.firstTokens().paths()) {
            md.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.0f | %.0f | %+.0f | %+.0f | %d | %d |%n",
                    p.name(), p.p50Micros(), p.p90Micros(), p.p99Micros(), p.maxMicros(),
                    p.p50Micros() - direct.p50Micros(), p.p99Micros() - direct.p99Micros(), p.samples(), p.errors()));
            if (p.firstError() != null) {
                md.append("\nfirst error (").append(p.name()).append("): ").append(p.firstError()).append("\n\n");
            }
        }
        md.append("\n## Checks\n\nProvider counts: ").append(r.providerCounts()).append("\n\nThe flagship's /metrics"
                + " after the run:\n\n```\n").append(r.flagshipMetrics()).append("\n```\n\n");
        md.append("## Machine\n\n");
        md.append("- ").append(r.machine().nproc()).append(" CPUs, ").append(r.machine().cpuModel()).append(", ")
                .append(r.machine().memTotal()).append(", kernel ").append(r.machine().kernel()).append("\n");
        md.append("- ").append(r.machine().jdk()).append("; ").append(r.machine().wrk()).append("; jpraxis ")
                .append(r.machine().gitCommit()).append("\n");
        md.append("- load average at start: ").append(r.machine().loadAverage()).append("\n");
        r.phases().forEach((name, v) -> {
            AiBench.PhaseLoad p = (AiBench.PhaseLoad) v;
            md.append(String.format(Locale.ROOT, "- %s: load average %s -> %s; other work took %.1f%% of the"
                    + " machine's CPU (steal %.1f%%)%n", name, p.loadAverageBefore(), p.loadAverageAfter(),
                    p.other().otherPercent(), p.other().stealPercent()));
        });
        md.append("- gateway configs and logs: ").append(r.runDir()).append("\n");
        return md.toString();
    }

    private static void table(StringBuilder md, Comparison c) {
        md.append("### ").append(c.name()).append(" (wrk -c").append(c.connections()).append(")\n\n");
        md.append("| Gateway | req/s | p50 µs | p90 µs | p99 µs | CPU ms/req | requests | errors |\n")
                .append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (var e : List.of(Map.entry(c.base(), c.baseMedians()), Map.entry(c.measured(), c.measuredMedians()))) {
            Comparison.Medians m = e.getValue();
            md.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.0f | %.0f | %.4f | %d | %d |%n", e.getKey(),
                    m.requestsPerSecond(), m.p50Micros(), m.p90Micros(), m.p99Micros(), m.cpuMillisPerRequest(),
                    m.requests(), m.errors()));
        }
        md.append(String.format(Locale.ROOT, "%nDifference: p50 %+.0f µs (paired rounds %+.0f), p99 %+.0f µs,"
                + " req/s x%.3f, CPU/req x%.3f (paired rounds x%.3f).%n%nRounds (%s / %s): ", c.addedP50Micros(),
                c.pairedAddedP50Micros(), c.measuredMedians().p99Micros() - c.baseMedians().p99Micros(),
                c.measuredMedians().requestsPerSecond() / c.baseMedians().requestsPerSecond(), c.cpuRatio(),
                c.pairedCpuRatio(), c.base(), c.measured()));
        for (int i = 0; i < c.baseRounds().size(); i++) {
            WrkLoad.Round b = c.baseRounds().get(i);
            WrkLoad.Round m = c.measuredRounds().get(i);
            md.append(String.format(Locale.ROOT, "%s%.0f/%.0f req/s p50 %d/%d µs %.4f/%.4f ms", i == 0 ? "" : "; ",
                    b.wrk().requestsPerSecond(), m.wrk().requestsPerSecond(), b.wrk().p50Micros(), m.wrk().p50Micros(),
                    b.cpuMillisPerRequest(), m.cpuMillisPerRequest()));
        }
        md.append(".\n\n");
    }
}
