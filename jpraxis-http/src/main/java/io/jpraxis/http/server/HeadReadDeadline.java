package io.jpraxis.http.server;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The header-read timeout (see docs/behaviour/limits.md#the-limits-table): once a request head's
 * first byte arrived, the whole head must follow within the timeout. Counted once from that byte
 * and never extended by later bytes, so a client trickling a head (slowloris) cannot hold the
 * connection. Confined to one event loop.
 *
 * <p>Every request head starts and stops this deadline, so starting only stores a timestamp and
 * stopping only clears a flag: at most one check is scheduled per timeout period (as {@link
 * io.jpraxis.http.support.IdleDeadline} does for silence), not a timer per request. A check that
 * finds a younger head waiting schedules itself again for what that head has left.
 */
final class HeadReadDeadline implements Runnable {
    private final EventExecutor executor;
    private final long timeoutMs;
    private final long timeoutNanos;
    private final Runnable onExpired;
    private boolean counting;
    private long startedNanos;
    private ScheduledFuture<?> check;

    HeadReadDeadline(EventExecutor executor, long timeoutMs, Runnable onExpired) {
        this.executor = executor;
        this.timeoutMs = timeoutMs;
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        this.onExpired = onExpired;
    }

    /** Starts counting unless already counting for this head. */
    void start() {
        if (counting) {
            return;
        }
        counting = true;
        startedNanos = System.nanoTime();
        if (check == null) {
            check = executor.schedule(this, timeoutNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** The head arrived: stop counting (a pending check lapses or serves the next head). */
    void cancel() {
        counting = false;
    }

    /** The connection is going away or leaving HTTP/1: drop the pending check too. */
    void dispose() {
        counting = false;
        if (check != null) {
            check.cancel(false);
            check = null;
        }
    }

    /** Whether a head is on its way. */
    boolean running() {
        return counting;
    }

    long timeoutMs() {
        return timeoutMs;
    }

    @Override
    public void run() {
        check = null;
        if (!counting) {
            return;
        }
        long elapsed = System.nanoTime() - startedNanos;
        if (elapsed >= timeoutNanos) {
            counting = false;
            onExpired.run();
        } else {
            check = executor.schedule(this, timeoutNanos - elapsed, TimeUnit.NANOSECONDS);
        }
    }
}
