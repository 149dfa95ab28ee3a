package io.jpraxis.bench.extproc;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.jpraxis.bench.load.MachineInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The picker benchmark's figures as {@code extproc-picker-<stamp>.md} and {@code .json}. */
record PickerReport(String stamp, MachineInfo machine, String loadAverageAtStart, PickerBench.Options options,
        ClosedLoop.Result throughput, OpenLoop.Result latency) {

    boolean throughputMet() {
        return throughput.decisionsPerSecond() >= PickerBench.THROUGHPUT_GOAL && throughput.problems().isEmpty();
    }

    boolean latencyMet() {
        return latency.p99Micros() < PickerBench.P99_GOAL_MICROS && latency.problems().isEmpty();
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
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("streams", throughput.streams());
        t.put("connections", throughput.connections());
        t.put("seconds", throughput.window().wallSeconds());
        t.put("decisions", throughput.decisions());
        t.put("decisions_per_second", throughput.decisionsPerSecond());
        t.put("server_cpu_us_per_decision", throughput.window().serverMicrosPer(throughput.decisions()));
        t.put("server_cpu_seconds", throughput.window().serverCpuSeconds());
        t.put("client_cpu_seconds", throughput.window().clientCpuSeconds());
        t.put("server_run_queue_wait_seconds", throughput.window().serverRunQueueSeconds());
        t.put("problems", throughput.problems());
        t.put("goal_decisions_per_second", PickerBench.THROUGHPUT_GOAL);
        t.put("goal_met", throughputMet());
        root.put("throughput", t);
        Map<String, Object> l = new LinkedHashMap<>();
        l.put("rate", latency.rate());
        l.put("seconds", latency.window().wallSeconds());
        l.put("decisions", latency.decisions());
        l.put("p50_us", latency.p50Micros());
        l.put("p90_us", latency.p90Micros());
        l.put("p99_us", latency.p99Micros());
        l.put("p99_9_us", latency.p999Micros());
        l.put("max_us", latency.maxMicros());
        l.put("server_cpu_us_per_decision", latency.window().serverMicrosPer(latency.decisions()));
        l.put("server_cpu_seconds", latency.window().serverCpuSeconds());
        l.put("client_cpu_seconds", latency.window().clientCpuSeconds());
        l.put("server_run_queue_wait_seconds", latency.window().serverRunQueueSeconds());
        l.put("problems", latency.problems());
        l.put("goal_p99_us", PickerBench.P99_GOAL_MICROS);
        l.put("goal_met", latencyMet());
        root.put("latency", l);
        return root;
    }

    String markdown() {
        StringBuilder s = new StringBuilder();
        s.append("# ext_proc picker benchmark, ").append(stamp).append("\n\n");
        s.append("`bench/extproc`: `./jpraxis extproc` on `examples/extproc/picker-mode.yaml` (moved to free loopback ports), ")
                .append("driven over 127.0.0.1 by a grpc-java client in the same machine (it shares the cores). ")
                .append("One `Process` stream per decision, as Envoy opens them: request headers with end_of_stream, ")
                .append("the picker's one reply (header mutation, `envoy.lb` metadata, mode override), a half-close.\n\n");
        s.append("Machine: ").append(machine.nproc()).append(" CPUs, ").append(machine.cpuModel()).append("; ")
                .append(machine.jdk()).append("; commit ").append(machine.gitCommit()).append("; load average at start ")
                .append(loadAverageAtStart).append(".\n\n");
        s.append("| Phase | Setting | Result | Server CPU per decision | Problems | Goal |\n|---|---|---|---|---|---|\n");
        s.append(f("| (a) closed loop, max throughput | %d streams over %d connections, %.1f s after %d s warm-up | "
                + "**%.0f decisions/s** (%d) | %.1f µs | %s | >= 20,000/s: %s |\n", throughput.streams(),
                throughput.connections(), throughput.window().wallSeconds(), options.warmup().toSeconds(),
                throughput.decisionsPerSecond(), throughput.decisions(),
                throughput.window().serverMicrosPer(throughput.decisions()), problems(throughput.problems()),
                throughputMet() ? "met" : "missed"));
        s.append(f("| (b) open loop, fixed rate | %d decisions/s, %.1f s after 2 s warm-up | p50 %.0f µs, p90 %.0f µs, "
                + "**p99 %.0f µs**, p99.9 %.0f µs, max %.0f µs (%d) | %.1f µs | %s | p99 < 1 ms: %s |\n",
                latency.rate(), latency.window().wallSeconds(), latency.p50Micros(), latency.p90Micros(),
                latency.p99Micros(), latency.p999Micros(), latency.maxMicros(), latency.decisions(),
                latency.window().serverMicrosPer(latency.decisions()), problems(latency.problems()),
                latencyMet() ? "met" : "missed"));
        s.append("\nLatency is measured from each decision's scheduled start to its reply, so a stall counts against ")
                .append("every decision it delayed. Server CPU is user + system time of the server process from ")
                .append("/proc/PID/stat over the measured window; the client used ")
                .append(f("%.1f s of CPU in the throughput window. The server's threads waited runnable for a core ",
                        throughput.window().clientCpuSeconds()))
                .append(f("for %.2f s of the throughput window and %.2f s of the latency window (/proc/PID/task/*/schedstat): ",
                        throughput.window().serverRunQueueSeconds(), latency.window().serverRunQueueSeconds()))
                .append("time lost to other work on the two cores.\n");
        return s.toString();
    }

    private static String problems(Map<String, Long> problems) {
        return problems.isEmpty() ? "none" : problems.toString();
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
