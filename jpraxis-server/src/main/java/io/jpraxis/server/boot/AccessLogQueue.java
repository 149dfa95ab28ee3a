package io.jpraxis.server.boot;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * A bounded queue of per-request log lines written to {@code target} by a thread of its own, so
 * a slow pipe never stalls the thread that logs. When the queue is full, a caller that must not
 * block (a Netty event loop, including gRPC's) drops the line and counts it; any other caller
 * waits for room. The writer thread warns about drops, at most once per {@link #WARN_INTERVAL_NANOS},
 * with the count since its last warning, so the warning itself never runs on an event loop.
 * {@link #stop()} writes out what is queued (for at most {@code flushMillis}) before it returns.
 */
final class AccessLogQueue extends UnsynchronizedAppenderBase<ILoggingEvent> {
    static final long WARN_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final ILoggingEvent END = new LoggingEvent();

    private final Appender<ILoggingEvent> target;
    private final BlockingQueue<ILoggingEvent> queue;
    private final BooleanSupplier mayWait;
    private final long flushMillis;
    private final AtomicLong dropped = new AtomicLong();
    private long warnedDropped;
    private long lastWarning = System.nanoTime() - WARN_INTERVAL_NANOS;
    private Thread writer;

    /** @param mayWait whether the calling thread may wait for room in a full queue */
    AccessLogQueue(Appender<ILoggingEvent> target, int lines, BooleanSupplier mayWait, long flushMillis) {
        this.target = target;
        this.queue = new ArrayBlockingQueue<>(lines);
        this.mayWait = mayWait;
        this.flushMillis = flushMillis;
    }

    /** Whether the current thread may wait: it is not an event loop of Netty or of gRPC's shaded Netty. */
    static boolean offEventLoop() {
        return !EventLoopThreads.is(Thread.currentThread().getClass());
    }

    /** Lines dropped because the queue was full when a caller that must not block logged them. */
    long dropped() {
        return dropped.get();
    }

    Appender<ILoggingEvent> target() {
        return target;
    }

    int capacity() {
        return queue.remainingCapacity() + queue.size();
    }

    @Override
    public void start() {
        writer = Thread.ofPlatform().daemon().name("jpraxis-" + getName().toLowerCase() + "-writer")
                .start(this::write);
        super.start();
    }

    @Override
    protected void append(ILoggingEvent event) {
        event.prepareForDeferredProcessing(); // the arguments and MDC are read on the writer thread
        if (queue.offer(event)) {
            return;
        }
        if (!mayWait.getAsBoolean()) {
            dropped.incrementAndGet();
            return;
        }
        try {
            queue.put(event);
        } catch (InterruptedException e) {
            dropped.incrementAndGet();
            Thread.currentThread().interrupt();
        }
    }

    private void write() {
        List<ILoggingEvent> batch = new ArrayList<>();
        while (true) {
            ILoggingEvent first;
            try {
                first = queue.take();
            } catch (InterruptedException e) {
                return; // the flush deadline passed in stop()
            }
            batch.add(first);
            queue.drainTo(batch);
            for (ILoggingEvent event : batch) {
                if (event == END) {
                    warnDropped(true);
                    return;
                }
                target.doAppend(event);
            }
            batch.clear();
            warnDropped(false);
        }
    }

    private void warnDropped(boolean last) {
        long total = dropped.get();
        long now = System.nanoTime();
        if (total == warnedDropped || (!last && now - lastWarning < WARN_INTERVAL_NANOS)) {
            return;
        }
        // This queue's own logger context, which is the process's one outside tests.
        ((LoggerContext) getContext()).getLogger(AccessLogQueue.class).warn(
                "{}: {} lines dropped since the last warning, {} in all (expected: the {}-line queue never full;"
                        + " a slow reader of the log stream fills it)", getName(), total - warnedDropped, total,
                capacity());
        warnedDropped = total;
        lastWarning = now;
    }

    @Override
    public void stop() {
        if (!isStarted()) {
            return;
        }
        super.stop();
        try {
            if (!queue.offer(END, flushMillis, TimeUnit.MILLISECONDS)) {
                writer.interrupt();
            }
            writer.join(flushMillis);
            if (writer.isAlive()) {
                addWarn(getName() + ": " + queue.size() + " lines not written within " + flushMillis + " ms");
                writer.interrupt();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        target.stop();
    }
}
