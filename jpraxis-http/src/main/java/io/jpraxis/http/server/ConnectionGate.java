package io.jpraxis.http.server;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A listener's {@code max_connections}: connections beyond it get 503 with {@code Retry-After: 1}
 * (see docs/behaviour/http-edge.md#connection-caps-and-keep-alive).
 */
final class ConnectionGate {
    private final Integer max;
    private final AtomicInteger admitted = new AtomicInteger();

    /** @param max the cap, or null for none */
    ConnectionGate(Integer max) {
        this.max = max;
    }

    /**
     * Admits a connection unless a cap is reached.
     *
     * @param withinProcessCap whether the process-wide cap still had room
     */
    boolean tryAcquire(boolean withinProcessCap) {
        if (!withinProcessCap) {
            return false;
        }
        if (admitted.incrementAndGet() > (max == null ? Integer.MAX_VALUE : max)) {
            admitted.decrementAndGet();
            return false;
        }
        return true;
    }

    void release() {
        admitted.decrementAndGet();
    }
}
