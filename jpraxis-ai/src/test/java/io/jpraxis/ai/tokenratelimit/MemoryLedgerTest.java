package io.jpraxis.ai.tokenratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The ledger suite against the in-process ledger, plus what only it can show (a key's state object). */
class MemoryLedgerTest extends LedgerContract {

    @Override
    TokenLedger ledger(List<TokenRule> rules, int maxKeys, int maxActive) {
        return new MemoryLedger(rules, maxKeys, maxActive);
    }

    @Test
    void aForgottenKeyLeavesNoStateBehind() {
        MemoryLedger l = new MemoryLedger(List.of(Rules.window(100, 1_000, 500)), 2, 10);
        settle(l, reserve(l, "a", 10, 0), 10, 0);
        reserve(l, "b", 10, 0);
        reserve(l, "c", 10, 1_000);
        assertThat(l.budget(0, "a")).isNull();
        assertThat(l.snapshot(0).keys()).as("one key swept per admission: b stays").isEqualTo(2);
    }
}
