package io.jpraxis.core.upstream;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The budget of one {@code hedge_policy} (see docs/behaviour/hedging.md#the-budget): copies may make
 * up at most {@code percent} of the requests the policy saw, counted since the config was loaded.
 * Shared by every event loop; lock-free.
 */
public final class HedgeBudget {
    private final double percent;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong copies = new AtomicLong();

    public HedgeBudget(double percent) {
        this.percent = percent;
    }

    /** Counts one request under the policy. */
    public void countRequest() {
        requests.incrementAndGet();
    }

    /** Takes room for one copy; false when one more would exceed the share (always with 0 %). */
    public boolean tryTakeCopy() {
        while (true) {
            long taken = copies.get();
            if ((taken + 1) * 100.0 > requests.get() * percent) {
                return false;
            }
            if (copies.compareAndSet(taken, taken + 1)) {
                return true;
            }
        }
    }

    /** Copies admitted so far. */
    public long copies() {
        return copies.get();
    }
}
