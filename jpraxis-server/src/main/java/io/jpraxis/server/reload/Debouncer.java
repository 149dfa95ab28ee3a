package io.jpraxis.server.reload;

import java.time.Duration;

/**
 * Coalesces a burst of file events into one reload (500 ms debounce; see
 * docs/behaviour/limits.md#the-limits-table). An editor's save is often several events (truncate,
 * write, rename, attribute change); the reload runs once the file has been quiet for the window, or
 * at the latest {@code maxDelay} after the first event of the burst, so a file rewritten without
 * pause is still picked up.
 *
 * <p>Pure logic over a caller-supplied monotonic clock (nanoseconds); not thread-safe, the
 * watcher thread alone uses it.
 */
final class Debouncer {
    /** Reload debounce (see docs/behaviour/limits.md#the-limits-table). */
    static final Duration DEFAULT_WINDOW = Duration.ofMillis(500);

    private final long windowNanos;
    private final long maxDelayNanos;
    private boolean pending;
    private long firstEvent;
    private long lastEvent;

    Debouncer(Duration window, Duration maxDelay) {
        if (window.isNegative() || maxDelay.compareTo(window) < 0) {
            throw new IllegalArgumentException("debounce window " + window + ", max delay " + maxDelay
                    + " (expected: 0 <= window <= max delay)");
        }
        this.windowNanos = window.toNanos();
        this.maxDelayNanos = maxDelay.toNanos();
    }

    /**
     * The 500 ms window (see docs/behaviour/reload.md#how-a-reload-runs), capped at ten windows for
     * a file that keeps changing.
     */
    static Debouncer standard() {
        // Not Duration.multipliedBy: it computes in BigDecimal, whose classes a cold start would load for this alone.
        return new Debouncer(DEFAULT_WINDOW, Duration.ofMillis(DEFAULT_WINDOW.toMillis() * 10));
    }

    /** Notes a relevant event seen at {@code now}. */
    void event(long now) {
        if (!pending) {
            pending = true;
            firstEvent = now;
        }
        lastEvent = now;
    }

    boolean pending() {
        return pending;
    }

    /** Whether the burst is over at {@code now}; the caller then reloads and calls {@link #fired()}. */
    boolean due(long now) {
        return pending && (now - lastEvent >= windowNanos || now - firstEvent >= maxDelayNanos);
    }

    /** How long to wait from {@code now} until the burst may be due; 0 when it is; -1 when nothing is pending. */
    long nanosUntilDue(long now) {
        if (!pending) {
            return -1;
        }
        long quiet = lastEvent + windowNanos - now;
        long capped = firstEvent + maxDelayNanos - now;
        return Math.max(0, Math.min(quiet, capped));
    }

    /** Forgets the burst that was just acted on. */
    void fired() {
        pending = false;
    }
}
