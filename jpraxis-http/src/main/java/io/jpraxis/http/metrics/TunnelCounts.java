package io.jpraxis.http.metrics;

import java.util.concurrent.atomic.LongAdder;

/**
 * One listener's WebSocket tunnels (see docs/behaviour/websocket.md#metrics-and-the-access-log):
 * how many are open now and how many were opened in all. Bumped from every event loop.
 */
public final class TunnelCounts {
    private final LongAdder active = new LongAdder();
    private final LongAdder opened = new LongAdder();

    /** A tunnel began: its 101 went to the client. */
    public void opened() {
        opened.increment();
        active.increment();
    }

    /** A tunnel ended, however it ended. */
    public void closed() {
        active.decrement();
    }

    public long active() {
        return active.sum();
    }

    /** Tunnels opened since the start. */
    public long total() {
        return opened.sum();
    }
}
