package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.tokenratelimit.TokenLedger.Settlement;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One key's budget in the memory ledger (see
 * docs/reference/filters/token_rate_limit.md#algorithms), with its unsettled reservations in
 * admission order, which is also their expiry order. Guarded by its rule's lock.
 */
abstract class KeyBudget {
    /** An unsettled reservation. */
    record Active(long estimate, long admittedMs) {
    }

    final long capacity;
    final long timeoutMs;
    final LinkedHashMap<Long, Active> active = new LinkedHashMap<>();
    /** The balance last computed, for {@code budget_remaining}. */
    long lastRemaining;

    KeyBudget(long capacity, long timeoutMs) {
        this.capacity = capacity;
        this.timeoutMs = timeoutMs;
        this.lastRemaining = capacity;
    }

    /** Reaps reservations unsettled past the timeout, charging each at its estimate; returns how many. */
    final int reap(long now) {
        int reaped = 0;
        Iterator<Map.Entry<Long, Active>> it = active.entrySet().iterator();
        while (it.hasNext()) {
            Active a = it.next().getValue();
            if (now - a.admittedMs() < timeoutMs) {
                break;
            }
            it.remove();
            expired(a, now);
            reaped++;
        }
        return reaped;
    }

    /** Brings the budget to {@code now}: trims the window or refills the bucket. */
    abstract void advance(long now);

    /** Whether {@code estimate} more fits now; {@link #advance} first. */
    abstract boolean fits(long estimate);

    /** How long until a retry may fit, in ms, after {@code fits} said no. */
    abstract long retryAfterMs(long estimate, long now);

    /** Records an admitted reservation; returns the usage after it. */
    abstract long admit(long sequence, long estimate, long now);

    /** Charges a reservation removed by the reaper at its estimate. */
    abstract void expired(Active reservation, long now);

    /** Applies {@code actual} for a reservation just removed from {@link #active}. */
    abstract void charge(Active reservation, long actual, long now);

    /** Whether the key holds nothing worth keeping (forgetting it changes no answer). */
    abstract boolean idle();

    /** Tokens left now; {@link #advance} first. */
    abstract long remaining();

    /** Settles {@code sequence} at {@code actual}; a no-op for one not active. */
    final Settlement settle(long sequence, long actual, long now) {
        Active a = active.remove(sequence);
        if (a == null) {
            return Settlement.NONE;
        }
        charge(a, actual, now);
        return new Settlement(true, Math.max(0, a.estimate() - actual), Math.max(0, actual - a.estimate()));
    }
}
