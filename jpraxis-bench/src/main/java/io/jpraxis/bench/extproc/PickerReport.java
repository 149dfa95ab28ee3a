package io.jpraxis.bench.extproc;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.jpraxis.bench.load.MachineInfo;
import io.jpraxis.bench.load.Stats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The picker benchmark's figures as {@code extproc-picker-<stamp>.md} and {@code .json}: every
 * round, and the medians the goals are judged on.
 */
record PickerReport(String stamp, MachineInfo machine, String loadAverageAtStart, PickerBench.Options options,
        List<ClosedLoop.Result> throughput, List<OpenLoop.Result> latency, List<ClosedLoop.Result> floorThroughput,
        List<OpenLoop.Result> floorLatency) {

    PickerReport {
        throughput = List.copyOf(throughput);
        latency = List.copyOf(latency);
        floorThroughput = List.copyOf(floorThroughput);
        floorLatency = List.copyOf(floorLatency);
    }

    double medianDecisionsPerSecond() {
        return median(throughput, ClosedLoop.Result::decisionsPerSecond);
    }

    double medianP99Micros() {
        return median(latency, OpenLoop.Result::p99Micros);
    }

    /** Met when the median round reaches the goal and no round had a problem. */
    boolean throughputMet() {
        return medianDecisionsPerSecond() >= PickerBench.THROUGHPUT_GOAL
                && throughput.stream().allMatch(t -> t.problems().isEmpty());
    }

    boolean latencyMet() {
        return medianP99Micros() < PickerBench.P99_GOAL_MICROS && latency.stream().allMatch(l -> l.problems().isEmpty());
    }

    Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path md = dir.resolve("extproc-picker-" + stamp + ".md");
        Files.writeString(md, markdown());
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(dir.resolve("extproc-picker-" + stamp + ".json").toFile(), json());
        return md;
    }

    Map<String, Object> json() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("benchmark", "extproc-picker");
        root.put("stamp", stamp);
        root.put("machine", machine);
        root.put("load_average_at_start", loadAverageAtStart);
        root.put("settings", Map.of("streams", options.streams(), "connections", options.connections(),
                "rate", options.rate(), "warmup_s", options.warmup().toSeconds(), "duration_s",
                options.duration().toSeconds(), "rounds", options.rounds()));
        Map<String, Object> goals = new LinkedHashMap<>();
        goals.put("median_decisions_per_second", medianDecisionsPerSecond());
        goals.put("goal_decisions_per_second", PickerBench.THROUGHPUT_GOAL);
        goals.put("throughput_met", throughputMet());
        goals.put("median_p99_us", medianP99Micros());
        goals.put("goal_p99_us", PickerBench.P99_GOAL_MICROS);
        goals.put("latency_met", latencyMet());
        goals.put("median_server_side_p99_us_bucket_bound", median(latency, OpenLoop.Result::serverP99Micros));
        root.put("goals", goals);
        root.put("throughput_rounds", throughput.stream().map(PickerReport::json).toList());
        root.put("latency_rounds", latency.stream().map(PickerReport::json).toList());
        Map<String, Object> floor = new LinkedHashMap<>();
        floor.put("what", "CannedPicker: the same grpc-java server stack answering every stream with a prebuilt pick");
        floor.put("median_decisions_per_second", median(floorThroughput, ClosedLoop.Result::decisionsPerSecond));
        floor.put("median_p99_us", median(floorLatency, OpenLoop.Result::p99Micros));
        floor.put("throughput_rounds", floorThroughput.stream().map(PickerReport::json).toList());
        floor.put("latency_rounds", floorLatency.stream().map(PickerReport::json).toList());
        root.put("transport_floor", floor);
        return root;
    }

    private static Map<String, Object> json(ClosedLoop.Result t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seconds", t.window().wallSeconds());
        m.put("decisions", t.decisions());
        m.put("decisions_per_second", t.decisionsPerSecond());
        window(m, t.window(), t.decisions());
        m.put("problems", t.problems());
        return m;
    }

    private static Map<String, Object> json(OpenLoop.Result l) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seconds", l.window().wallSeconds());
        m.put("decisions", l.decisions());
        m.put("p50_us", l.p50Micros());
        m.put("p90_us", l.p90Micros());
        m.put("p99_us", l.p99Micros());
        m.put("p99_9_us", l.p999Micros());
        m.put("max_us", l.maxMicros());
        m.put("server_side_p50_us_bucket_bound", l.serverP50Micros());
        m.put("server_side_p99_us_bucket_bound", l.serverP99Micros());
        window(m, l.window(), l.decisions());
        m.put("problems", l.problems());
        return m;
    }

    private static void window(Map<String, Object> m, CpuWindow.Measured w, long decisions) {
        m.put("server_cpu_us_per_decision", w.serverMicrosPer(decisions));
        m.put("server_cpu_seconds", w.serverCpuSeconds());
        m.put("client_cpu_seconds", w.clientCpuSeconds());
        m.put("server_run_queue_wait_seconds", w.serverRunQueueSeconds());
    }

    String markdown() {
        StringBuilder s = new StringBuilder();
        s.append("# ext_proc picker benchmark, ").append(stamp).append("\n\n");
        s.append("`bench/extproc`: `./jpraxis extproc` on `examples/extproc/picker-mode.yaml` (moved to free loopback ")
                .append("ports), driven over 127.0.0.1 by a grpc-java client on the same machine (it shares the cores). ")
                .append("One `Process` stream per decision, as Envoy opens them: request headers with end_of_stream, ")
                .append("the picker's one reply (header mutation, `envoy.lb` metadata, mode override), a half-close. ")
                .append(f("%d rounds after a %d s warm-up, each (a) then (b) against jpraxis, then against the transport "
                        + "floor below.%n%n", options.rounds(), options.warmup().toSeconds()));
        s.append("Machine: ").append(machine.nproc()).append(" CPUs, ").append(machine.cpuModel()).append("; ")
                .append(machine.jdk()).append("; commit ").append(machine.gitCommit()).append("; load average at start ")
                .append(loadAverageAtStart).append(".\n\n");
        s.append("| Goal | Median of the rounds | Verdict |\n|---|---|---|\n");
        s.append(f("| >= 20,000 decisions/s (closed loop, %d streams over %d connections) | %.0f decisions/s | %s |%n",
                options.streams(), options.connections(), medianDecisionsPerSecond(), throughputMet() ? "met" : "missed"));
        s.append(f("| p99 < 1 ms at %d decisions/s (open loop) | p99 %.0f µs | %s |%n", options.rate(), medianP99Micros(),
                latencyMet() ? "met" : "missed"));
        s.append(f("| (what jpraxis adds) its own request_headers phase, p99 from its histogram | <= %.0f µs (p50 <= %.0f µs) "
                + "| - |%n", median(latency, OpenLoop.Result::serverP99Micros), median(latency, OpenLoop.Result::serverP50Micros)));
        s.append(f("| (floor) the same gRPC stack answering a canned pick | %.0f decisions/s, p99 %.0f µs | - |%n",
                median(floorThroughput, ClosedLoop.Result::decisionsPerSecond),
                median(floorLatency, OpenLoop.Result::p99Micros)));
        s.append("\n## jpraxis extproc\n");
        tables(s, throughput, latency);
        s.append("\n## Transport floor\n\n`CannedPicker` (bench module): a grpc-java server on the same stack and settings ")
                .append("(Netty epoll, direct executor) that answers every stream with one prebuilt pick and runs no ")
                .append("pipeline, measured in the same rounds, interleaved. What it costs and its tail belong to the ")
                .append("transport and the machine, not to jpraxis.\n");
        tables(s, floorThroughput, floorLatency);
        s.append("\nLatency is measured from each decision's scheduled start to its reply, so a stall counts against ")
                .append("every decision it delayed. Server CPU is user + system time of the server process from ")
                .append("/proc/PID/stat over the measured window (each window lasts ").append(options.duration().toSeconds())
                .append(" s). Run-queue wait is the time the server's threads were runnable but had no core ")
                .append("(/proc/PID/task/*/schedstat, summed over threads): work from other processes on the two ")
                .append("cores, the load client included, shows there. Server-side percentiles come from jpraxis's own ")
                .append("`jpraxis_extproc_phase_duration_seconds{phase=\"request_headers\"}` histogram (time from the ")
                .append("message reaching the processor to its reply), read from its metrics endpoint before the run's ")
                .append("warm-up and after its window (so they cover both, at the same rate); ")
                .append("each is the upper bound of the bucket that holds it. The difference to the client's figures ")
                .append("is transport, the client, and waiting for a core.\n");
        return s.toString();
    }

    private void tables(StringBuilder s, List<ClosedLoop.Result> closed, List<OpenLoop.Result> open) {
        s.append(f("%n### (a) Closed loop, max throughput (%d streams over %d connections)%n%n", options.streams(),
                options.connections()));
        s.append("| Round | Decisions/s | Decisions | Server CPU per decision | Server run-queue wait | Client CPU "
                + "| Problems |\n|---|---|---|---|---|---|---|\n");
        for (int i = 0; i < closed.size(); i++) {
            ClosedLoop.Result t = closed.get(i);
            s.append(f("| %d | %.0f | %d | %.1f µs | %.2f s | %.1f s | %s |%n", i + 1, t.decisionsPerSecond(),
                    t.decisions(), t.window().serverMicrosPer(t.decisions()), t.window().serverRunQueueSeconds(),
                    t.window().clientCpuSeconds(), problems(t.problems())));
        }
        s.append(f("%n### (b) Open loop, %d decisions/s%n%n| Round | p50 | p90 | p99 | p99.9 | max | Server-side p50 / p99 "
                + "| Decisions | Server CPU per decision | Server run-queue wait | Problems |%n"
                + "|---|---|---|---|---|---|---|---|---|---|---|%n", options.rate()));
        for (int i = 0; i < open.size(); i++) {
            OpenLoop.Result l = open.get(i);
            s.append(f("| %d | %.0f µs | %.0f µs | %.0f µs | %.0f µs | %.0f µs | %s | %d | %.1f µs | %.2f s | %s |%n", i + 1,
                    l.p50Micros(), l.p90Micros(), l.p99Micros(), l.p999Micros(), l.maxMicros(), serverSide(l), l.decisions(),
                    l.window().serverMicrosPer(l.decisions()), l.window().serverRunQueueSeconds(),
                    problems(l.problems())));
        }
    }

    private static String serverSide(OpenLoop.Result l) {
        return Double.isNaN(l.serverP99Micros()) ? "-"
                : f("<= %.0f µs / <= %.0f µs", l.serverP50Micros(), l.serverP99Micros());
    }

    private static <T> double median(List<T> rounds, ToDoubleFunction<T> figure) {
        return Stats.median(rounds.stream().map(r -> figure.applyAsDouble(r)).toList());
    }

    private static String problems(Map<String, Long> problems) {
        return problems.isEmpty() ? "none" : problems.toString();
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
