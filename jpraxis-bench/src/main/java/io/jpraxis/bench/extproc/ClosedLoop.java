package io.jpraxis.bench.extproc;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The throughput phase: {@code streams} decision loops, each opening the next stream as soon as the
 * previous one closed, so the server is never idle; decisions per second over a bounded window
 * after a warm-up (the JIT needs one).
 */
final class ClosedLoop {
    private ClosedLoop() {
    }

    /** One throughput run's figures. */
    record Result(int streams, int connections, CpuWindow.Measured window, long decisions, Map<String, Long> problems) {
        double decisionsPerSecond() {
            return decisions / window.wallSeconds();
        }
    }

    static Result run(DecisionClient client, int streams, int connections, Duration warmup, Duration measure,
            long serverPid) throws InterruptedException {
        AtomicBoolean running = new AtomicBoolean(true);
        Tally[] tally = {new Tally()};
        CountDownLatch stopped = new CountDownLatch(streams);
        for (int i = 0; i < streams; i++) {
            loop(client, running, tally, stopped);
        }
        Thread.sleep(warmup.toMillis());
        CpuWindow window = new CpuWindow(serverPid);
        Tally measured = new Tally();
        tally[0] = measured; // decisions from here on count; a few in flight across the switch go either way
        window.start();
        Thread.sleep(measure.toMillis());
        tally[0] = new Tally();
        CpuWindow.Measured figures = window.stop();
        running.set(false);
        if (!stopped.await(10, TimeUnit.SECONDS)) {
            measured.problem("streams still open 10 s after the run", stopped.getCount());
        }
        return new Result(streams, connections, figures, measured.picked(), measured.problems());
    }

    private static void loop(DecisionClient client, AtomicBoolean running, Tally[] tally, CountDownLatch stopped) {
        client.decide((outcome, at) -> tally[0].count(outcome), () -> {
            if (running.get()) {
                loop(client, running, tally, stopped);
            } else {
                stopped.countDown();
            }
        });
    }
}
