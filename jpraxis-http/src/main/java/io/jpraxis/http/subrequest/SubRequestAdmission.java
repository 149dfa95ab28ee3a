package io.jpraxis.http.subrequest;

import io.netty.channel.EventLoop;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code runtime.subrequest_max_connections}: at most {@code limit} sub-request exchanges at once
 * across every event loop (see docs/behaviour/config-loading.md#runtime-settings). A
 * sub-request beyond it waits, in arrival order, for a slot until its own deadline, and then fails
 * as {@code admission_timeout}; a slot a finished exchange frees goes to the oldest waiter. Waiters
 * are started on their own loop.
 */
public final class SubRequestAdmission {
    private final int limit;
    private final AtomicInteger inUse = new AtomicInteger();
    private final Queue<Waiter> waiters = new ConcurrentLinkedQueue<>();

    public SubRequestAdmission(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
        this.limit = limit;
    }

    /**
     * Runs {@code start} on {@code loop} once a slot is held (at once when one is free), or
     * {@code timedOut} on {@code loop} if none frees within {@code waitNanos}. Whoever runs
     * {@code start} must call {@link #release} exactly once when the exchange ends.
     */
    void admit(EventLoop loop, long waitNanos, Runnable start, Runnable timedOut) {
        if (tryAcquire()) {
            start.run();
            return;
        }
        Waiter waiter = new Waiter(loop, start);
        // The timer exists before the waiter is visible, so whoever claims it can cancel it.
        waiter.timer = loop.schedule(() -> {
            if (waiter.claimed.compareAndSet(false, true)) {
                waiters.remove(waiter);
                timedOut.run();
            }
        }, waitNanos, TimeUnit.NANOSECONDS);
        waiters.add(waiter);
        handOver(); // a slot freed between the failed try and the enqueue must not be missed
    }

    /** Frees the slot of an exchange that ended. */
    void release() {
        inUse.decrementAndGet();
        handOver();
    }

    /** Sub-request exchanges holding a slot now. */
    public int inUse() {
        return inUse.get();
    }

    private void handOver() {
        while (!waiters.isEmpty() && tryAcquire()) {
            Waiter next = claimNext();
            if (next == null) {
                inUse.decrementAndGet(); // every queued waiter had timed out meanwhile
                continue;
            }
            next.timer.cancel(false);
            next.loop.execute(next.start);
        }
    }

    private Waiter claimNext() {
        Waiter w;
        while ((w = waiters.poll()) != null) {
            if (w.claimed.compareAndSet(false, true)) {
                return w;
            }
        }
        return null;
    }

    private boolean tryAcquire() {
        while (true) {
            int now = inUse.get();
            if (now >= limit) {
                return false;
            }
            if (inUse.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    private static final class Waiter {
        final EventLoop loop;
        final Runnable start;
        final AtomicBoolean claimed = new AtomicBoolean();
        volatile ScheduledFuture<?> timer;

        Waiter(EventLoop loop, Runnable start) {
            this.loop = loop;
            this.start = start;
        }
    }
}
