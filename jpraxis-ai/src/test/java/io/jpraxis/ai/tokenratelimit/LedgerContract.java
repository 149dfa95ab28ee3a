package io.jpraxis.ai.tokenratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.tokenratelimit.TokenLedger.Admission;
import io.jpraxis.ai.tokenratelimit.TokenLedger.Admitted;
import io.jpraxis.ai.tokenratelimit.TokenLedger.DenialReason;
import io.jpraxis.ai.tokenratelimit.TokenLedger.Denied;
import io.jpraxis.ai.tokenratelimit.TokenLedger.Settlement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ledger's algorithms (docs/reference/filters/token_rate_limit.md#algorithms), on a hand-held
 * clock: one suite, run against the memory ledger and against the shared one on a real store, so
 * both give the same answers.
 */
abstract class LedgerContract {
    static final String K = BudgetKeys.GLOBAL;

    /** A ledger of {@code rules} bounded to {@code maxKeys} keys and {@code maxActive} reservations per rule. */
    abstract TokenLedger ledger(List<TokenRule> rules, int maxKeys, int maxActive);

    private TokenLedger ledger(TokenRule rule) {
        return ledger(List.of(rule), MemoryLedger.MAX_KEYS, MemoryLedger.MAX_ACTIVE);
    }

    static Admission reserve(TokenLedger l, long estimate, long now) {
        return reserve(l, K, estimate, now);
    }

    static Admission reserve(TokenLedger l, String key, long estimate, long now) {
        return l.reserve(0, key, estimate, now).toCompletableFuture().join();
    }

    static Settlement settle(TokenLedger l, Admission a, long actual, long now) {
        return l.settle(((Admitted) a).id(), actual, now).toCompletableFuture().join();
    }

    @Test
    void slidingWindowAdmitsExactlyAtCapacityAndDeniesOneTokenMore() {
        TokenLedger l = ledger(Rules.window(100, 60_000, 30_000));
        Admission first = reserve(l, 60, 0);
        assertThat(first).isInstanceOf(Admitted.class);
        assertThat(((Admitted) first).usageAfter()).isEqualTo(60);
        assertThat(reserve(l, 41, 0)).as("60 + 41 > 100").isInstanceOf(Denied.class);
        Admission exact = reserve(l, 40, 0);
        assertThat(exact).as("usage + estimate = capacity is admitted").isInstanceOf(Admitted.class);
        assertThat(((Admitted) exact).usageAfter()).isEqualTo(100);
        assertThat(reserve(l, 1, 0)).isInstanceOf(Denied.class);
    }

    @Test
    void aSettledChargeKeepsItsAdmissionTimeAndLeavesTheWindowThen() {
        TokenLedger l = ledger(Rules.window(100, 60_000, 30_000));
        Admission a = reserve(l, 80, 0);
        Settlement s = settle(l, a, 50, 20_000);
        assertThat(s).isEqualTo(new Settlement(true, 30, 0));
        assertThat(reserve(l, 51, 20_000)).as("50 settled in the window").isInstanceOf(Denied.class);
        Denied d = (Denied) reserve(l, 51, 30_000);
        assertThat(d.retryAfterMs()).as("the charge admitted at 0 leaves at 60 s").isEqualTo(30_000);
        assertThat(reserve(l, 100, 60_000)).as("gone 60 s after admission, not after settlement")
                .isInstanceOf(Admitted.class);
    }

    @Test
    void slidingWindowRetryIsNeverShorterThanTheReservationTimeout() {
        TokenLedger l = ledger(Rules.window(100, 10_000, 30_000));
        reserve(l, 100, 0);
        Denied d = (Denied) reserve(l, 1, 1_000);
        assertThat(d.reason()).isEqualTo(DenialReason.BUDGET_EXHAUSTED);
        assertThat(d.retryAfterMs()).as("only an active reservation holds the budget").isEqualTo(30_000);
    }

    @Test
    void anOverageIsChargedAndASecondSettleChangesNothing() {
        TokenLedger l = ledger(Rules.window(100, 60_000, 30_000));
        Admission a = reserve(l, 10, 0);
        assertThat(settle(l, a, 70, 1)).isEqualTo(new Settlement(true, 0, 60));
        assertThat(settle(l, a, 0, 2)).as("idempotent").isEqualTo(Settlement.NONE);
        assertThat(reserve(l, 31, 3)).isInstanceOf(Denied.class);
        assertThat(reserve(l, 30, 3)).isInstanceOf(Admitted.class);
    }

    @Test
    void aLostReservationIsReapedAtItsEstimateAndALateSettleIsANoOp() {
        TokenLedger l = ledger(Rules.window(100, 60_000, 30_000));
        Admission a = reserve(l, 70, 0);
        assertThat(l.snapshot(0).active()).isEqualTo(1);
        assertThat(reserve(l, 31, 30_000)).as("reaped, charged at 70 admitted at 0").isInstanceOf(Denied.class);
        assertThat(l.snapshot(0).active()).isZero();
        assertThat(l.snapshot(0).orphaned()).isEqualTo(1);
        assertThat(settle(l, a, 0, 30_001)).as("after expiry").isEqualTo(Settlement.NONE);
        assertThat(reserve(l, 100, 60_000)).isInstanceOf(Admitted.class);
    }

    @Test
    void tokenBucketStartsFullRefillsAndTellsTheDeficitTime() {
        TokenLedger l = ledger(Rules.bucket(100, 10, 30_000));
        assertThat(reserve(l, 100, 0)).isInstanceOf(Admitted.class);
        Denied d = (Denied) reserve(l, 25, 0);
        assertThat(d.retryAfterMs()).as("25 tokens at 10/s").isEqualTo(2_500);
        assertThat(reserve(l, 25, 2_499)).isInstanceOf(Denied.class);
        assertThat(reserve(l, 25, 2_500)).isInstanceOf(Admitted.class);
        Denied small = (Denied) reserve(l, 1, 2_500);
        assertThat(small.retryAfterMs()).isEqualTo(100);
    }

    @Test
    void tokenBucketRefundIsCappedAtCapacityAndOverageFlooredAtZero() {
        TokenLedger l = ledger(Rules.bucket(100, 1, 30_000));
        Admission a = reserve(l, 90, 0);
        settle(l, a, 0, 0);
        assertThat(l.snapshot(0).remaining()).as("refunded to full, not beyond").isEqualTo(100);
        Admission b = reserve(l, 50, 0);
        settle(l, b, 500, 0);
        assertThat(l.snapshot(0).remaining()).as("debit floored at 0").isZero();
        assertThat(reserve(l, 1, 999)).as("nothing refilled yet").isInstanceOf(Denied.class);
        assertThat(reserve(l, 1, 1_000)).as("one token a second from 0").isInstanceOf(Admitted.class);
    }

    @Test
    void theKeyCapDeniesWithRetryZeroAndTheActiveCapWithTheTimeout() {
        TokenLedger keys = ledger(List.of(Rules.window(100, 60_000, 30_000)), 1, 10);
        reserve(keys, "a", 1, 0);
        Denied d = (Denied) reserve(keys, "b", 1, 0);
        assertThat(d).isEqualTo(new Denied(0, DenialReason.KEY_CAPACITY));

        TokenLedger active = ledger(List.of(Rules.window(100, 60_000, 30_000)), 10, 1);
        reserve(active, 1, 0);
        assertThat((Denied) reserve(active, 1, 0)).isEqualTo(new Denied(30_000, DenialReason.ACTIVE_CAPACITY));
    }

    @Test
    void anIdleKeyIsForgottenByALaterAdmissionsSweep() {
        TokenLedger l = ledger(List.of(Rules.window(100, 1_000, 500)), 2, 10);
        Admission a = reserve(l, "a", 10, 0);
        settle(l, a, 10, 0);
        reserve(l, "b", 10, 0);
        assertThat(l.snapshot(0).keys()).isEqualTo(2);
        assertThat(reserve(l, "c", 10, 1_000))
                .as("a's charge left the window: the sweep frees its slot").isInstanceOf(Admitted.class);
        // b's reservation expired too by now: the memory ledger sweeps one key an admission, the store a few.
        assertThat(l.snapshot(0).keys()).isBetween(1L, 2L);
    }

    @Test
    void aKeyInConstantUseDoesNotShieldTheOthersFromTheSweep() {
        TokenLedger l = ledger(Rules.window(100, 1_000, 500));
        for (String key : new String[] {"hot", "a", "b"}) {
            settle(l, reserve(l, key, 1, 0), 1, 0);
        }
        for (int i = 0; i < 4; i++) {
            settle(l, reserve(l, "hot", 1, 2_000), 1, 2_000);
        }
        assertThat(l.snapshot(0).keys()).as("a and b went idle and were swept").isEqualTo(1);
    }

    @Test
    void budgetRemainingSumsTheRetainedKeys() {
        TokenLedger l = ledger(Rules.window(100, 60_000, 30_000));
        reserve(l, "a", 30, 0);
        reserve(l, "b", 20, 0);
        assertThat(l.snapshot(0).remaining()).isEqualTo(70 + 80);
    }
}
