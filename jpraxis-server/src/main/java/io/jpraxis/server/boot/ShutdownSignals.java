package io.jpraxis.server.boot;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * SIGTERM and SIGINT as a graceful stop. A JVM shutdown hook would run the drain too, but the JVM
 * then exits 143 (128 + SIGTERM), which supervisors read as a crash; handling the signals lets a
 * clean drain exit 0. The first signal releases {@link #await()}; a second one interrupts the
 * draining thread so the drain stops at once.
 *
 * <p>{@code sun.misc.Signal} lives in {@code jdk.unsupported}, the module JEP 260 keeps exported
 * for exactly such critical uses; javac's "internal proprietary API" warning about it is expected.
 */
final class ShutdownSignals {
    private static final Logger log = LoggerFactory.getLogger(ShutdownSignals.class);
    private static final List<String> SIGNALS = List.of("TERM", "INT");

    private final Thread drainer;
    private final CountDownLatch first = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);
    private final AtomicInteger received = new AtomicInteger();
    private volatile String firstSignal;

    /** @param drainer the thread that will run the drain (and is interrupted by a second signal) */
    ShutdownSignals(Thread drainer) {
        this.drainer = drainer;
    }

    /**
     * Handles SIGTERM and SIGINT. Where the JVM refuses a handler (run with {@code -Xrs}, or a
     * platform without the signal), a shutdown hook takes its place and holds the JVM open until
     * {@link #finished()}, so the drain still completes (the exit status is then the JVM's).
     */
    static ShutdownSignals install(Thread drainer) {
        ShutdownSignals signals = new ShutdownSignals(drainer);
        boolean fallback = false;
        for (String name : SIGNALS) {
            try {
                Signal.handle(new Signal(name), s -> signals.received("SIG" + s.getName()));
            } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
                log.warn("cannot handle SIG{} ({}); stopping through a shutdown hook instead", name, e.getMessage());
                fallback = true;
            }
        }
        if (fallback) {
            Runtime.getRuntime().addShutdownHook(new Thread(signals::holdUntilFinished, "jpraxis-shutdown"));
        }
        return signals;
    }

    /** Called once per signal received. */
    void received(String signal) {
        if (received.incrementAndGet() == 1) {
            firstSignal = signal;
            first.countDown();
        } else {
            log.warn("{} received again: stopping now without waiting for in-flight requests", signal);
            drainer.interrupt();
        }
    }

    /**
     * Blocks until the first signal; returns its name ({@code SIGTERM}). When the second signal
     * lands before this thread woke from the first, the thread stays interrupted, so the drain
     * that follows is cut short as that signal asks.
     *
     * @throws InterruptedException when interrupted for another reason than a second signal
     */
    String await() throws InterruptedException {
        try {
            first.await();
        } catch (InterruptedException e) {
            if (received.get() < 2) {
                throw e;
            }
            Thread.currentThread().interrupt();
        }
        return firstSignal;
    }

    /** Marks the shutdown as done (releases a waiting shutdown hook). */
    void finished() {
        finished.countDown();
    }

    private void holdUntilFinished() {
        received("shutdown hook");
        try {
            finished.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
