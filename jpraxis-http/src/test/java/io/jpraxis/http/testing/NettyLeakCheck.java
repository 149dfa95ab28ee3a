package io.jpraxis.http.testing;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.LoggerFactory;

/**
 * Fails a test that leaked a Netty buffer. Netty's leak detector only logs what it finds, and only
 * when a leaked buffer has been garbage-collected and a later allocation polls for it; so this
 * turns the detector to paranoid (every buffer tracked), records its {@code LEAK:} reports with a
 * log appender, and after each test forces a few collections and allocations so the reports of
 * that test surface before it is judged.
 *
 * <p>A leak from an earlier test class in the same JVM could surface here too, so the suites that
 * use this run in a surefire execution of their own (see this module's pom).
 */
public final class NettyLeakCheck implements BeforeAllCallback, AfterEachCallback {
    private static final Recorder RECORDER = new Recorder();

    @Override
    public void beforeAll(ExtensionContext context) {
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        Logger detector = (Logger) LoggerFactory.getLogger(ResourceLeakDetector.class);
        synchronized (RECORDER) {
            if (!RECORDER.isStarted()) {
                RECORDER.setContext(detector.getLoggerContext());
                RECORDER.start();
                detector.addAppender(RECORDER);
            }
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        assertThat(surfaceLeaks()).as("Netty reported leaked buffers during " + context.getDisplayName()).isEmpty();
    }

    /**
     * Collects garbage and allocates until the buffers leaked so far are reported, and returns the
     * reports recorded since the last call (the detector must have been set up by {@link #beforeAll}).
     */
    static List<String> surfaceLeaks() throws InterruptedException {
        for (int round = 0; round < 4; round++) {
            System.gc();
            Thread.sleep(25);
            // Each tracked allocation drains the detector's queue of collected, unreleased buffers.
            for (ByteBufAllocator alloc : List.of(PooledByteBufAllocator.DEFAULT, UnpooledByteBufAllocator.DEFAULT,
                    ByteBufAllocator.DEFAULT)) {
                for (int i = 0; i < 4; i++) {
                    ByteBuf probe = alloc.directBuffer(16);
                    probe.release();
                }
            }
        }
        return RECORDER.drain();
    }

    /** Keeps every LEAK report the detector logs. */
    private static final class Recorder extends AppenderBase<ILoggingEvent> {
        private final List<String> reports = new ArrayList<>();

        @Override
        protected synchronized void append(ILoggingEvent event) {
            String message = event.getFormattedMessage();
            if (message != null && message.contains("LEAK:")) {
                reports.add(message);
            }
        }

        synchronized List<String> drain() {
            List<String> out = List.copyOf(reports);
            reports.clear();
            return out;
        }
    }
}
