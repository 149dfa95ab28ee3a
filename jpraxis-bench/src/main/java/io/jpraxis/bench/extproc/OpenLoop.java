package io.jpraxis.bench.extproc;

import io.jpraxis.bench.load.Stats;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The latency phase: decisions started on a fixed schedule whatever the replies do (open loop),
 * each latency measured from its scheduled start, so a stall is charged to every decision it
 * delayed (no coordinated omission).
 */
final class OpenLoop {
    private OpenLoop() {
    }

    /**
     * One fixed-rate run: latency percentiles in microseconds, over the measured window; the
     * server-side ones are bucket bounds of the server's own histogram (NaN when it keeps none).
     */
    record Result(int rate, CpuWindow.Measured window, long decisions, Map<String, Long> problems, double p50Micros,
            double p90Micros, double p99Micros, double p999Micros, double maxMicros, double serverP50Micros,
            double serverP99Micros) {
    }

    /** @param histogram the server's phase histogram, or null when it keeps none */
    static Result run(DecisionClient client, int rate, Duration warmup, Duration measure, long serverPid,
            PhaseHistogram histogram) throws InterruptedException, IOException {
        long period = 1_000_000_000L / rate;
        int warm = (int) (warmup.toNanos() / period);
        int total = warm + (int) (measure.toNanos() / period);
        long[] latency = new long[total - warm];
        Arrays.fill(latency, -1);
        Tally tally = new Tally();
        CountDownLatch closed = new CountDownLatch(total);
        // Read before the schedule starts, never inside it: a read there (the first one also starts
        // the JDK's HTTP client) would delay every decision behind it. So the server-side figures
        // cover the warm-up at the same rate as well as the window.
        Map<Double, Long> before = histogram == null ? null : histogram.read();
        CpuWindow window = new CpuWindow(serverPid);
        long start = System.nanoTime();
        for (int i = 0; i < total; i++) {
            long intended = start + i * period;
            long wait;
            while ((wait = intended - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            if (i == warm) {
                window.start();
            }
            int slot = i - warm;
            client.decide((outcome, at) -> {
                if (slot >= 0) {
                    latency[slot] = at - intended;
                    tally.count(outcome);
                }
            }, closed::countDown);
        }
        boolean drained = closed.await(10, TimeUnit.SECONDS);
        CpuWindow.Measured figures = window.stop();
        Map<Double, Long> after = histogram == null ? null : histogram.read();
        long[] answered = Arrays.stream(latency).filter(v -> v >= 0).sorted().toArray();
        if (!drained) {
            tally.problem("no reply within 10 s of the last start", latency.length - answered.length);
        }
        return new Result(rate, figures, tally.picked(), tally.problems(), micros(answered, 50), micros(answered, 90),
                micros(answered, 99), micros(answered, 99.9),
                answered.length == 0 ? Double.NaN : answered[answered.length - 1] / 1e3,
                after == null ? Double.NaN : PhaseHistogram.percentileMicros(before, after, 50),
                after == null ? Double.NaN : PhaseHistogram.percentileMicros(before, after, 99));
    }

    private static double micros(long[] ascending, double p) {
        return ascending.length == 0 ? Double.NaN : Stats.percentile(ascending, p) / 1e3;
    }
}
