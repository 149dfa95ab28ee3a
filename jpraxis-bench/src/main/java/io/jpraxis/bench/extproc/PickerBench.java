package io.jpraxis.bench.extproc;

import io.jpraxis.bench.load.MachineInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The ext_proc picker benchmark ({@code bench/extproc}): starts {@code ./jpraxis extproc} on the
 * picker example, then, in rounds, (a) a closed-loop throughput run and (b) an open-loop run at a
 * fixed rate with latency percentiles, and writes {@code bench/results/extproc-picker-<date>.{md,json}}.
 * Goals (issue 10): at least 20,000 decisions/s on two cores; p99 under 1 ms at 2,000/s, since
 * Envoy's default ext_proc message timeout is 200 ms and a picker sits on every request.
 */
public final class PickerBench {
    static final double THROUGHPUT_GOAL = 20_000;
    static final double P99_GOAL_MICROS = 1_000;

    private PickerBench() {
    }

    /** Settings, from {@code --name value} pairs. */
    record Options(Path root, Path example, Path out, int streams, int connections, int clientThreads, int rate,
            Duration warmup, Duration duration, int rounds) {
        static Options parse(String[] args) {
            Map<String, String> m = new HashMap<>();
            for (int i = 0; i + 1 < args.length; i += 2) {
                if (!args[i].startsWith("--")) {
                    throw new IllegalArgumentException(args[i] + " (expected: --name value)");
                }
                m.put(args[i].substring(2), args[i + 1]);
            }
            Path root = Path.of(m.getOrDefault("root", ".")).toAbsolutePath().normalize();
            return new Options(root, root.resolve(m.getOrDefault("example", "examples/extproc/picker-mode.yaml")),
                    root.resolve(m.getOrDefault("out", "bench/results")), num(m, "streams", 64),
                    num(m, "connections", 4), num(m, "client-threads", 2), num(m, "rate", 2000),
                    Duration.ofSeconds(num(m, "warmup", 15)), Duration.ofSeconds(num(m, "duration", 5)),
                    num(m, "rounds", 3));
        }

        private static int num(Map<String, String> m, String key, int fallback) {
            String v = m.get(key);
            if (v == null) {
                return fallback;
            }
            if (!v.matches("[1-9][0-9]{0,6}")) {
                throw new IllegalArgumentException("--" + key + ": " + v + " (expected: a positive integer)");
            }
            return Integer.parseInt(v);
        }
    }

    /** One server's rounds. */
    private static final class Target {
        final List<ClosedLoop.Result> throughput = new ArrayList<>();
        final List<OpenLoop.Result> latency = new ArrayList<>();

        void round(DecisionClient client, Options o, Duration warm, PickerServer server)
                throws InterruptedException, java.io.IOException {
            throughput.add(ClosedLoop.run(client, o.streams(), o.connections(), warm, o.duration(), server.pid()));
            latency.add(OpenLoop.run(client, o.rate(), Duration.ofSeconds(2), o.duration(), server.pid(),
                    server.histogram()));
        }
    }

    public static void main(String[] args) throws Exception {
        Options o = Options.parse(args);
        String loadAverage = MachineInfo.loadAverageNow();
        Target jpraxis = new Target();
        Target floor = new Target();
        Path work = o.root().resolve("target/bench-extproc");
        try (PickerServer server = PickerServer.start(o.root(), o.example(), work);
                PickerServer canned = PickerServer.startCanned(work);
                DecisionClient client = new DecisionClient("127.0.0.1", server.grpcPort(), o.connections(),
                        o.clientThreads());
                DecisionClient floorClient = new DecisionClient("127.0.0.1", canned.grpcPort(), o.connections(),
                        o.clientThreads())) {
            System.err.printf("extproc-picker: server pid %d on port %d; %d rounds of %d s per phase after %d s warm-up%n",
                    server.pid(), server.grpcPort(), o.rounds(), o.duration().toSeconds(), o.warmup().toSeconds());
            // Rounds against warm servers, jpraxis and the transport floor interleaved: other work on
            // shared cores disturbs some windows more than others, so the report gives every round
            // with its run-queue wait, and the medians.
            for (int round = 0; round < o.rounds(); round++) {
                Duration warm = round == 0 ? o.warmup() : Duration.ofSeconds(2);
                jpraxis.round(client, o, warm, server);
                floor.round(floorClient, o, warm, canned);
                System.err.printf("extproc-picker: round %d: %.0f decisions/s, p99 %.0f µs at %d/s (server-side p99 "
                        + "<= %.0f µs) (floor: %.0f/s, p99 %.0f µs)%n", round + 1,
                        jpraxis.throughput.getLast().decisionsPerSecond(), jpraxis.latency.getLast().p99Micros(), o.rate(),
                        jpraxis.latency.getLast().serverP99Micros(), floor.throughput.getLast().decisionsPerSecond(),
                        floor.latency.getLast().p99Micros());
            }
        }
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd-HHmm"));
        PickerReport report = new PickerReport(stamp, MachineInfo.collect(o.root()), loadAverage, o, jpraxis.throughput,
                jpraxis.latency, floor.throughput, floor.latency);
        Path md = report.write(o.out());
        System.out.print(report.markdown());
        System.err.println("extproc-picker: wrote " + md + " and its .json");
    }
}
