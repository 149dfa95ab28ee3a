package io.jpraxis.http.upstream;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Idle HTTP/1.1 connections of one event loop, per {@link PoolKey}. Touched only on its loop, so
 * nothing is synchronized. Last-in first-out: the most recently used connection is the least
 * likely to have been closed by the origin's own idle timer.
 */
final class Http1LoopPool {
    private static final long SWEEP_PERIOD_MS = 1_000;

    private final EventLoop loop;
    private final int maxIdlePerKey;
    private final PoolEvents metrics;
    private final Map<PoolKey, ArrayDeque<Http1Connection>> idle = new HashMap<>();
    private ScheduledFuture<?> sweeper;
    /** Written on the loop only; volatile so a metrics scrape on another thread reads a recent value. */
    private volatile int idleCount;

    /**
     * @param maxIdlePerKey idle connections kept per endpoint; 0 disables pooling
     */
    Http1LoopPool(EventLoop loop, int maxIdlePerKey, PoolEvents metrics) {
        this.loop = loop;
        this.maxIdlePerKey = maxIdlePerKey;
        this.metrics = metrics;
    }

    EventLoop loop() {
        return loop;
    }

    /** A live idle connection for {@code key}, or null; expired and dead ones are closed on the way. */
    Http1Connection poll(PoolKey key) {
        ArrayDeque<Http1Connection> deque = idle.get(key);
        if (deque == null) {
            return null;
        }
        long now = System.nanoTime();
        Http1Connection conn;
        while ((conn = deque.pollFirst()) != null) {
            idleCount--;
            if (conn.isActive() && !expired(conn, now)) {
                conn.unparked();
                return conn;
            }
            conn.close();
        }
        return null;
    }

    /** Parks a connection whose exchange completed; false when the pool is full or disabled. */
    boolean offer(Http1Connection conn) {
        if (maxIdlePerKey <= 0) {
            return false;
        }
        ArrayDeque<Http1Connection> deque = idle.computeIfAbsent(conn.key(), k -> new ArrayDeque<>());
        if (deque.size() >= maxIdlePerKey) {
            return false;
        }
        deque.addFirst(conn);
        idleCount++;
        conn.parked();
        if (sweeper == null) {
            sweeper = loop.scheduleAtFixedRate(this::sweep, SWEEP_PERIOD_MS, SWEEP_PERIOD_MS, TimeUnit.MILLISECONDS);
        }
        return true;
    }

    /** Forgets a parked connection that closed (the origin closed it, or it was found broken). */
    void remove(Http1Connection conn) {
        ArrayDeque<Http1Connection> deque = idle.get(conn.key());
        if (deque != null && deque.remove(conn)) {
            idleCount--;
            metrics.pooledClosedByOrigin();
        }
    }

    int idleCount() {
        return idleCount;
    }

    /** Closes connections idle longer than their cluster's {@code idle_timeout_ms}. */
    void sweep() {
        long now = System.nanoTime();
        for (Iterator<ArrayDeque<Http1Connection>> it = idle.values().iterator(); it.hasNext(); ) {
            ArrayDeque<Http1Connection> deque = it.next();
            // Oldest at the tail: stop at the first connection that is still fresh.
            Http1Connection last;
            while ((last = deque.peekLast()) != null && expired(last, now)) {
                deque.pollLast();
                idleCount--;
                last.close();
            }
            if (deque.isEmpty()) {
                it.remove();
            }
        }
        if (idleCount == 0 && sweeper != null) {
            sweeper.cancel(false);
            sweeper = null;
        }
    }

    void closeAll() {
        for (ArrayDeque<Http1Connection> deque : idle.values()) {
            Http1Connection conn;
            while ((conn = deque.pollFirst()) != null) {
                conn.close();
            }
        }
        idle.clear();
        idleCount = 0;
        if (sweeper != null) {
            sweeper.cancel(false);
            sweeper = null;
        }
    }

    private static boolean expired(Http1Connection conn, long now) {
        return now - conn.pooledSinceNanos() >= TimeUnit.MILLISECONDS.toNanos(conn.timeouts().idleMs());
    }
}
