package io.jpraxis.server.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class ShutdownSignalsTest {
    @Test
    void firstSignalReleasesTheWaiterAndNamesTheSignal() throws InterruptedException {
        ShutdownSignals signals = new ShutdownSignals(Thread.currentThread());
        new Thread(() -> signals.received("SIGTERM")).start();
        assertThat(signals.await()).isEqualTo("SIGTERM");
        assertThat(Thread.currentThread().isInterrupted()).as("one signal never interrupts the drain").isFalse();
    }

    @Test
    void secondSignalInterruptsTheDrainingThread() throws InterruptedException {
        CountDownLatch interrupted = new CountDownLatch(1);
        Thread drainer = new Thread(() -> {
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
        });
        drainer.start();
        ShutdownSignals signals = new ShutdownSignals(drainer);
        signals.received("SIGTERM");
        assertThat(interrupted.await(200, TimeUnit.MILLISECONDS)).as("the first signal lets the drain run").isFalse();
        signals.received("SIGINT");
        assertThat(interrupted.await(5, TimeUnit.SECONDS)).as("the second signal cuts the drain short").isTrue();
        assertThat(signals.await()).as("the first signal is the one reported").isEqualTo("SIGTERM");
    }

    @Test
    void secondSignalBeforeTheWaiterWokeStillCutsTheDrainShort() throws InterruptedException {
        // Both signals land before the serving thread returns from await (a quick double Ctrl-C).
        ShutdownSignals signals = new ShutdownSignals(Thread.currentThread());
        signals.received("SIGINT");
        signals.received("SIGINT");
        try {
            assertThat(signals.await()).isEqualTo("SIGINT");
            assertThat(Thread.currentThread().isInterrupted())
                    .as("the interrupt survives for the drain that follows, which it cuts short").isTrue();
        } finally {
            Thread.interrupted();
        }
    }
}
