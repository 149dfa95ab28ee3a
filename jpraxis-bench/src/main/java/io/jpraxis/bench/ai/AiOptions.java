package io.jpraxis.bench.ai;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * bench/ai's settings, from {@code --name value} pairs.
 *
 * @param connections the wrk connection counts the overhead comparison runs at (each one its own table)
 * @param streamConnections wrk's connections for the token_count CPU comparison
 * @param samples time-to-first-token samples per path, after {@code warmupSamples} untimed ones
 */
record AiOptions(Path root, Path out, int rounds, int durationSeconds, int warmupSeconds, List<Integer> connections,
        int streamConnections, int streamRounds, int streamWarmupSeconds, int samples, int warmupSamples) {

    static final String USAGE = """
            bench/ai: the AI gateway's performance goals (examples/ai-gateway.yaml against a fake OpenAI provider)
              --rounds N            interleaved rounds of each wrk comparison (default 5)
              --duration SECONDS    each wrk run (default 5)
              --warmup SECONDS      untimed wrk load per gateway before the rounds (default 10)
              --connections a,b     wrk connections of the 2 KiB chat overhead runs (default 1,16)
              --stream-connections N  wrk connections of the 64 KiB stream CPU runs (default 4)
              --stream-rounds N     simultaneous rounds of each stream CPU comparison (default 12)
              --stream-warmup SECONDS  untimed stream load first, both gateways at once (default 20)
              --samples N           time-to-first-token samples per path (default 3000)
              --warmup-samples N    untimed samples per path first (default 500)
              --out DIR             results folder (default bench/results)
            """;

    static AiOptions parse(String[] args) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " (expected: --name value)");
            }
            m.put(args[i].substring(2), args[i + 1]);
        }
        for (String key : m.keySet()) {
            if (!List.of("root", "out", "rounds", "duration", "warmup", "connections", "stream-connections", "stream-rounds", "stream-warmup", "samples",
                    "warmup-samples").contains(key)) {
                throw new IllegalArgumentException("--" + key + ": unknown option");
            }
        }
        Path root = Path.of(m.getOrDefault("root", ".")).toAbsolutePath().normalize();
        List<Integer> connections = Arrays.stream(m.getOrDefault("connections", "1,16").split(","))
                .map(c -> positive("connections", c)).toList();
        return new AiOptions(root, root.resolve(m.getOrDefault("out", "bench/results")), num(m, "rounds", 5),
                num(m, "duration", 5), num(m, "warmup", 10), connections, num(m, "stream-connections", 4), num(m, "stream-rounds", 12), num(m, "stream-warmup", 20),
                num(m, "samples", 3000), num(m, "warmup-samples", 500));
    }

    /** Whether these are the defaults' size or larger: smaller runs are smoke runs, their files end in -quick. */
    boolean reportable() {
        return rounds >= 5 && streamRounds >= 12 && durationSeconds >= 5 && samples >= 2000;
    }

    private static int num(Map<String, String> m, String key, int fallback) {
        String v = m.get(key);
        return v == null ? fallback : positive(key, v);
    }

    private static int positive(String key, String v) {
        if (!v.matches("[1-9][0-9]{0,6}")) {
            throw new IllegalArgumentException("--" + key + ": " + v + " (expected: a positive integer)");
        }
        return Integer.parseInt(v);
    }
}
