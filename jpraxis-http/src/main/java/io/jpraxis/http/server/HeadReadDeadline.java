package io.jpraxis.http.server;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The header-read timeout of spec 8: once a request head's first byte arrived, the whole head
 * must follow within the timeout. Counted once from that byte and never extended by later bytes,
 * so a client trickling a head (slowloris) cannot hold the connection. Confined to one event loop.
 */
final class HeadReadDeadline {
    private final EventExecutor executor;
    private final long timeoutMs;
    private final Runnable onExpired;
    private ScheduledFuture<?> pending;

    HeadReadDeadline(EventExecutor executor, long timeoutMs, Runnable onExpired) {
        this.executor = executor;
        this.timeoutMs = timeoutMs;
        this.onExpired = onExpired;
    }

    /** Starts counting unless already counting for this head. */
    void start() {
        if (pending == null) {
            pending = executor.schedule(this::expire, timeoutMs, TimeUnit.MILLISECONDS);
        }
    }

    /** The head arrived (or the connection is going away). */
    void cancel() {
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }

    /** Whether a head is on its way. */
    boolean running() {
        return pending != null;
    }

    long timeoutMs() {
        return timeoutMs;
    }

    private void expire() {
        pending = null;
        onExpired.run();
    }
}
