package io.jpraxis.ai.tokenratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.tokenratelimit.TokenLedger.Admission;
import io.jpraxis.ai.tokenratelimit.TokenLedger.Admitted;
import io.jpraxis.ai.tokenratelimit.TokenLedger.DenialReason;
import io.jpraxis.ai.tokenratelimit.TokenLedger.Denied;
import io.jpraxis.ai.tokenratelimit.TokenLedger.Settlement;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The memory ledger's algorithms (docs/reference/filters/token_rate_limit.md#algorithms), on a hand-held clock. */
class MemoryLedgerTest {
    private static final String K = BudgetKeys.GLOBAL;

    private static Admission reserve(MemoryLedger l, long estimate, long now) {
        return l.reserve(0, K, estimate, now).toCompletableFuture().join();
    }

    private static Settlement settle(MemoryLedger l, Admission a, long actual, long now) {
        return l.settle(((Admitted) a).id(), actual, now).toCompletableFuture().join();
    }

    @Test
    void slidingWindowAdmitsExactlyAtCapacityAndDeniesOneTokenMore() {
        MemoryLedger l = new MemoryLedger(List.of(Rules.window(100, 60_000, 30_000)));
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
        MemoryLedger l = new MemoryLedger(List.of(Rules.window(100, 60_000, 30_000)));
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
        MemoryLedger l = new MemoryLedger(List.of(Rules.window(100, 10_000, 30_000)));
        reserve(l, 100, 0);
        Denied d = (Denied) reserve(l, 1, 1_000);
        assertThat(d.reason()).isEqualTo(DenialReason.BUDGET_EXHAUSTED);
        assertThat(d.retryAfterMs()).as("only an active reservation holds the budget").isEqualTo(30_000);
    }

    @Test
    void anOverageIsChargedAndASecondSettleChangesNothing() {
        MemoryLedger l = new MemoryLedger(List.of(Rules.window(100, 60_000, 30_000)));
        Admission a = reserve(l, 10, 0);
        assertThat(settle(l, a, 70, 1)).isEqualTo(new Settlement(true, 0, 60));
        assertThat(settle(l, a, 0, 2)).as("idempotent").isEqualTo(Settlement.NONE);
        assertThat(reserve(l, 31, 3)).isInstanceOf(Denied.class);
        assertThat(reserve(l, 30, 3)).isInstanceOf(Admitted.class);
    }

    @Test
    void aLostReservationIsReapedAtItsEstimateAndALateSettleIsANoOp() {
        MemoryLedger l = new MemoryLedger(List.of(Rules.window(100, 60_000, 30_000)));
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
        MemoryLedger l = new MemoryLedger(List.of(Rules.bucket(100, 10, 30_000)));
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
        MemoryLedger l = new MemoryLedger(List.of(Rules.bucket(100, 1, 30_000)));
        Admission a = reserve(l, 90, 0);
        settle(l, a, 0, 0);
        assertThat(l.budget(0, K).remaining()).as("refunded to full, not beyond").isEqualTo(100);
        Admission b = reserve(l, 50, 0);
        settle(l, b, 500, 0);
        assertThat(l.budget(0, K).remaining()).as("debit floored at 0").isZero();
    }

    @Test
    void theKeyCapDeniesWithRetryZeroAndTheActiveCapWithTheTimeout() {
        MemoryLedger keys = new MemoryLedger(List.of(Rules.window(100, 60_000, 30_000)), 1, 10);
        keys.reserve(0, "a", 1, 0).toCompletableFuture().join();
        Denied d = (Denied) keys.reserve(0, "b", 1, 0).toCompletableFuture().join();
        assertThat(d).isEqualTo(new Denied(0, DenialReason.KEY_CAPACITY));

        MemoryLedger active = new MemoryLedger(List.of(Rules.window(100, 60_000, 30_000)), 10, 1);
        reserve(active, 1, 0);
        assertThat((Denied) reserve(active, 1, 0)).isEqualTo(new Denied(30_000, DenialReason.ACTIVE_CAPACITY));
    }

    @Test
    void anIdleKeyIsForgottenByALaterAdmissionsSweep() {
        MemoryLedger l = new MemoryLedger(List.of(Rules.window(100, 1_000, 500)), 2, 10);
        Admission a = l.reserve(0, "a", 10, 0).toCompletableFuture().join();
        settle(l, a, 10, 0);
        l.reserve(0, "b", 10, 0).toCompletableFuture().join();
        assertThat(l.snapshot(0).keys()).isEqualTo(2);
        assertThat(l.reserve(0, "c", 10, 1_000).toCompletableFuture().join())
                .as("a's charge left the window: the sweep frees its slot").isInstanceOf(Admitted.class);
        assertThat(l.budget(0, "a")).isNull();
    }

    @Test
    void aKeyInConstantUseDoesNotShieldTheOthersFromTheSweep() {
        MemoryLedger l = new MemoryLedger(List.of(Rules.window(100, 1_000, 500)));
        for (String key : new String[] {"hot", "a", "b"}) {
            settle(l, l.reserve(0, key, 1, 0).toCompletableFuture().join(), 1, 0);
        }
        for (int i = 0; i < 4; i++) {
            settle(l, l.reserve(0, "hot", 1, 2_000).toCompletableFuture().join(), 1, 2_000);
        }
        assertThat(l.snapshot(0).keys()).as("a and b went idle and were swept").isEqualTo(1);
    }

    @Test
    void budgetRemainingSumsTheRetainedKeys() {
        MemoryLedger l = new MemoryLedger(List.of(Rules.window(100, 60_000, 30_000)));
        l.reserve(0, "a", 30, 0);
        l.reserve(0, "b", 20, 0);
        assertThat(l.snapshot(0).remaining()).isEqualTo(70 + 80);
    }
}
