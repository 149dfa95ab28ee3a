package io.jpraxis.http.upstream;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP/2 connections of one event loop, per {@link PoolKey}: those still connecting (waiting
 * for the origin's SETTINGS) and those taking streams. Touched only on its loop, so nothing is
 * synchronized. A draining connection (after GOAWAY) is no longer listed; it closes when its last
 * stream ends (see docs/behaviour/upstream-http2.md#the-connection-pool).
 */
final class Http2LoopPool {
    private static final long SWEEP_PERIOD_MS = 1_000;

    private final EventLoop loop;
    private final Map<PoolKey, List<Http2Connection>> connecting = new HashMap<>();
    private final Map<PoolKey, List<Http2Connection>> ready = new HashMap<>();
    private ScheduledFuture<?> sweeper;
    /** Written on the loop only; volatile so a metrics scrape on another thread reads a recent value. */
    private volatile int idleCount;

    Http2LoopPool(EventLoop loop) {
        this.loop = loop;
    }

    EventLoop loop() {
        return loop;
    }

    /** A ready connection for {@code key} with a stream to spare, the busiest first so idle ones can time out. */
    Http2Connection withRoom(PoolKey key) {
        List<Http2Connection> list = ready.get(key);
        if (list == null) {
            return null;
        }
        Http2Connection best = null;
        for (Http2Connection conn : list) {
            if (conn.hasRoom() && (best == null || conn.activeStreams() > best.activeStreams())) {
                best = conn;
            }
        }
        return best;
    }

    /** A connection for {@code key} still waiting for the origin's SETTINGS, or null. */
    Http2Connection connecting(PoolKey key) {
        List<Http2Connection> list = connecting.get(key);
        return list == null || list.isEmpty() ? null : list.get(list.size() - 1);
    }

    void addConnecting(Http2Connection conn) {
        connecting.computeIfAbsent(conn.key(), k -> new ArrayList<>(1)).add(conn);
    }

    /** The origin's SETTINGS arrived: the connection takes streams. */
    void becameReady(Http2Connection conn) {
        drop(connecting, conn);
        ready.computeIfAbsent(conn.key(), k -> new ArrayList<>(2)).add(conn);
        if (sweeper == null) {
            sweeper = loop.scheduleAtFixedRate(this::sweep, SWEEP_PERIOD_MS, SWEEP_PERIOD_MS, TimeUnit.MILLISECONDS);
        }
    }

    /** Forgets a connection that drains, closed or became HTTP/1.1. */
    void remove(Http2Connection conn) {
        drop(connecting, conn);
        drop(ready, conn);
    }

    private static void drop(Map<PoolKey, List<Http2Connection>> map, Http2Connection conn) {
        List<Http2Connection> list = map.get(conn.key());
        if (list != null && list.remove(conn) && list.isEmpty()) {
            map.remove(conn.key());
        }
    }

    /** Ready connections without an open stream, over every key (a gauge's view). */
    int idleCount() {
        return idleCount;
    }

    /** Closes connections without a stream for longer than their cluster's {@code idle_timeout_ms}. */
    void sweep() {
        long now = System.nanoTime();
        int idle = 0;
        List<Http2Connection> expired = null;
        for (List<Http2Connection> list : ready.values()) {
            for (Http2Connection conn : list) {
                if (conn.activeStreams() > 0) {
                    continue;
                }
                if (now - conn.idleSinceNanos() >= TimeUnit.MILLISECONDS.toNanos(conn.timeouts().idleMs())) {
                    if (expired == null) {
                        expired = new ArrayList<>(2);
                    }
                    expired.add(conn);
                } else {
                    idle++;
                }
            }
        }
        idleCount = idle;
        if (expired != null) {
            expired.forEach(Http2Connection::closeIdle); // each removes itself
        }
        if (ready.isEmpty() && sweeper != null) {
            sweeper.cancel(false);
            sweeper = null;
        }
    }

    void closeAll() {
        List<Http2Connection> all = new ArrayList<>();
        ready.values().forEach(all::addAll);
        connecting.values().forEach(all::addAll);
        all.forEach(Http2Connection::closeIdle);
        ready.clear();
        connecting.clear();
        idleCount = 0;
        if (sweeper != null) {
            sweeper.cancel(false);
            sweeper = null;
        }
    }
}
