package io.jpraxis.bench.ai;

import io.jpraxis.bench.load.Stats;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Time-to-first-token samples of several paths, taken one request at a time and interleaved: each
 * step sends one request on every path, starting with a different path each step.
 */
record FirstTokens(List<Path> paths, int warmupSamples) {

    /** One path's figures in µs. */
    record Path(String name, int samples, long errors, String firstError, double p50Micros, double p90Micros,
            double p99Micros, double maxMicros) {
    }

    static FirstTokens measure(List<FirstTokenClient> clients, int warmup, int samples) {
        int n = clients.size();
        long[][] nanos = new long[n][samples];
        long[] errors = new long[n];
        String[] firstError = new String[n];
        int[] taken = new int[n];
        System.err.println("ai: time to first token: " + warmup + " untimed then " + samples + " samples per path");
        for (int step = 0; step < warmup + samples; step++) {
            for (int k = 0; k < n; k++) {
                int c = (step + k) % n;
                try {
                    long t = clients.get(c).sample();
                    if (step >= warmup) {
                        nanos[c][taken[c]++] = t;
                    }
                } catch (IOException e) {
                    errors[c]++;
                    if (firstError[c] == null) {
                        firstError[c] = e.getMessage();
                    }
                    try {
                        clients.get(c).close();
                    } catch (IOException ignored) {
                        // reconnects on the next sample
                    }
                }
            }
        }
        List<Path> paths = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            long[] sorted = Stats.ascending(Arrays.copyOf(nanos[c], taken[c]));
            paths.add(new Path(clients.get(c).name(), taken[c], errors[c], firstError[c],
                    Stats.percentile(sorted, 50) / 1e3, Stats.percentile(sorted, 90) / 1e3,
                    Stats.percentile(sorted, 99) / 1e3, sorted.length == 0 ? -1 : sorted[sorted.length - 1] / 1e3));
            Path p = paths.getLast();
            System.err.printf("ai: first token %s: p50 %.0f µs, p90 %.0f µs, p99 %.0f µs (%d samples, %d errors)%n",
                    p.name(), p.p50Micros(), p.p90Micros(), p.p99Micros(), p.samples(), p.errors());
        }
        return new FirstTokens(paths, warmup);
    }

    Path path(String name) {
        return paths.stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }
}
