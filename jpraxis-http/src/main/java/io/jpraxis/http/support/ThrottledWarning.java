package io.jpraxis.http.support;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;

/**
 * A WARN line per kind of event at most once per period, with the count of the lines it held back
 * since the last one. For events a client can cause at will (hostile HTTP/2 frames): logging each
 * would let one client fill the disk, and a metric counts every one anyway. Safe from any thread.
 */
public final class ThrottledWarning {
    private final Logger log;
    private final long periodNanos;
    private final LongSupplier nanoClock;
    private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();

    public ThrottledWarning(Logger log, long periodMs) {
        this(log, periodMs, System::nanoTime);
    }

    ThrottledWarning(Logger log, long periodMs, LongSupplier nanoClock) {
        this.log = log;
        this.periodNanos = TimeUnit.MILLISECONDS.toNanos(periodMs);
        this.nanoClock = nanoClock;
    }

    /**
     * Logs {@code message} (an SLF4J pattern with {@code args}) at WARN unless a line of the same
     * {@code kind} went out within the period; then it is only counted, and the next line that goes
     * out says how many were held back. {@code kind} comes from a small closed set (error codes).
     */
    public void warn(String kind, String message, Object... args) {
        Window window = windows.computeIfAbsent(kind, k -> new Window());
        long now = nanoClock.getAsLong();
        long last = window.lastLoggedNanos.get();
        boolean due = last == Long.MIN_VALUE || now - last >= periodNanos;
        if (!due || !window.lastLoggedNanos.compareAndSet(last, now)) {
            window.suppressed.incrementAndGet();
            return;
        }
        long held = window.suppressed.getAndSet(0);
        if (held == 0) {
            log.warn(message, args);
        } else {
            log.warn(message + " ({} more like it not logged since the last)", append(args, held));
        }
    }

    private static Object[] append(Object[] args, long held) {
        Object[] out = new Object[args.length + 1];
        System.arraycopy(args, 0, out, 0, args.length);
        out[args.length] = held;
        return out;
    }

    private static final class Window {
        final AtomicLong lastLoggedNanos = new AtomicLong(Long.MIN_VALUE);
        final AtomicLong suppressed = new AtomicLong();
    }
}
