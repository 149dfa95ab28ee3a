package io.jpraxis.ai.tokenratelimit;

import java.util.concurrent.CompletionStage;

/**
 * Where a {@code token_rate_limit}'s budgets live (see
 * docs/reference/filters/token_rate_limit.md#backends): the in-process {@link MemoryLedger}, or a
 * shared store. Both answer with stages, so a remote store never blocks the event loop; the
 * memory ledger's are already complete.
 */
public interface TokenLedger {

    /**
     * Reserves {@code estimate} tokens of rule {@code rule}'s budget for {@code key}, at
     * {@code nowMs} (epoch milliseconds). Fails (exceptionally) only when the store does.
     */
    CompletionStage<Admission> reserve(int rule, String key, long estimate, long nowMs);

    /**
     * Settles a reservation at {@code actual} tokens: refunds what it over-reserved, charges what
     * it under-reserved. Idempotent: a second settle, or one after the reservation expired (and was
     * charged at its estimate), changes nothing.
     */
    CompletionStage<Settlement> settle(Reservation id, long actual, long nowMs);

    /** What rule {@code rule}'s budgets hold now, for the gauges (cheap; any thread). */
    RuleSnapshot snapshot(int rule);

    /** The {@code backend} label of the metrics. */
    String kind();

    /** A reservation, as the ledger knows it. */
    record Reservation(int rule, String key, long sequence) {
    }

    /** The answer to a reservation. */
    sealed interface Admission permits Admitted, Denied {
    }

    /**
     * Admitted.
     *
     * @param id what to settle
     * @param usageAfter the budget's usage with this reservation counted (the tiers read it)
     */
    record Admitted(Reservation id, long usageAfter) implements Admission {
    }

    /**
     * Denied.
     *
     * @param retryAfterMs when a retry may succeed (0: unknown, as after the key cap)
     * @param reason why
     */
    record Denied(long retryAfterMs, DenialReason reason) implements Admission {
    }

    /** Why a reservation was denied. */
    enum DenialReason {
        /** The budget cannot take the estimate. */
        BUDGET_EXHAUSTED,
        /** The rule holds as many keys as it may. */
        KEY_CAPACITY,
        /** The rule holds as many unsettled reservations as it may. */
        ACTIVE_CAPACITY
    }

    /**
     * The outcome of a settle.
     *
     * @param applied false for a reservation already settled or expired
     * @param refund tokens given back (estimate above actual)
     * @param overage tokens charged beyond the estimate
     */
    record Settlement(boolean applied, long refund, long overage) {
        public static final Settlement NONE = new Settlement(false, 0, 0);
    }

    /**
     * One rule's state.
     *
     * @param keys budgets retained
     * @param active unsettled reservations
     * @param remaining the sum over retained keys of their last computed balance
     * @param orphaned reservations that expired unsettled and were charged at their estimate
     */
    record RuleSnapshot(long keys, long active, long remaining, long orphaned) {
    }
}
