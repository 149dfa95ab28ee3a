package io.jpraxis.http.support;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * An inactivity timer for the hot path: {@link #progress()} only stores a timestamp, and at most one
 * task is scheduled per timeout period (the way Netty's {@code IdleStateHandler} works), instead of
 * rescheduling a timer for every chunk. Confined to one event loop.
 */
public final class IdleDeadline implements Runnable {
    private final EventExecutor executor;
    private final long timeoutNanos;
    private final Runnable onExpired;
    private long lastProgressNanos;
    private boolean active;
    private ScheduledFuture<?> scheduled;

    public IdleDeadline(EventExecutor executor, long timeoutMs, Runnable onExpired) {
        this.executor = executor;
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        this.onExpired = onExpired;
    }

    /** Starts (or restarts) counting from now. */
    public void start() {
        lastProgressNanos = System.nanoTime();
        active = true;
        if (scheduled == null) {
            scheduled = executor.schedule(this, timeoutNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** Records activity: the silence window starts again. */
    public void progress() {
        lastProgressNanos = System.nanoTime();
    }

    /** Stops counting; a pending check finds the deadline inactive and lapses. */
    public void stop() {
        active = false;
    }

    /** Stops and drops the scheduled check (the owner is going away). */
    public void cancel() {
        active = false;
        if (scheduled != null) {
            scheduled.cancel(false);
            scheduled = null;
        }
    }

    public boolean active() {
        return active;
    }

    @Override
    public void run() {
        scheduled = null;
        if (!active) {
            return;
        }
        long idle = System.nanoTime() - lastProgressNanos;
        if (idle >= timeoutNanos) {
            active = false;
            onExpired.run();
        } else {
            scheduled = executor.schedule(this, timeoutNanos - idle, TimeUnit.NANOSECONDS);
        }
    }
}
