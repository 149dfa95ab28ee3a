package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.tokenratelimit.TokenRule.Algorithm;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The in-process ledger (see docs/reference/filters/token_rate_limit.md#backends): each rule's
 * keys in a table of its own under its own lock, bounded to {@value #MAX_KEYS} keys and
 * {@value #MAX_ACTIVE} unsettled reservations. Cleanup is lazy: every admission also looks at one
 * other key (round robin), reaps its expired reservations and forgets it when idle, so a key
 * nobody uses any more is dropped within a bounded number of admissions without a timer.
 */
public final class MemoryLedger implements TokenLedger {
    public static final int MAX_KEYS = 100_000;
    public static final int MAX_ACTIVE = 200_000;
    public static final int MAX_KEY_LENGTH = 256;

    private final List<RuleLedger> rules = new ArrayList<>();
    private final AtomicLong sequence = new AtomicLong();

    public MemoryLedger(List<TokenRule> rules) {
        this(rules, MAX_KEYS, MAX_ACTIVE);
    }

    /** A ledger with smaller bounds (tests). */
    MemoryLedger(List<TokenRule> rules, int maxKeys, int maxActive) {
        for (TokenRule r : rules) {
            this.rules.add(new RuleLedger(r, maxKeys, maxActive));
        }
    }

    @Override
    public CompletionStage<Admission> reserve(int rule, String key, long estimate, long nowMs) {
        return CompletableFuture.completedFuture(rules.get(rule).reserve(rule, key, estimate, nowMs,
                sequence.incrementAndGet()));
    }

    @Override
    public CompletionStage<Settlement> settle(Reservation id, long actual, long nowMs) {
        return CompletableFuture.completedFuture(rules.get(id.rule()).settle(id, actual, nowMs));
    }

    @Override
    public RuleSnapshot snapshot(int rule) {
        return rules.get(rule).snapshot();
    }

    @Override
    public String kind() {
        return "memory";
    }

    /** One rule's keys. */
    private static final class RuleLedger {
        private final TokenRule rule;
        private final int maxKeys;
        private final int maxActive;
        /** Insertion order doubles as the cleanup cursor: a key looked at and kept moves to the end. */
        private final LinkedHashMap<String, KeyBudget> keys = new LinkedHashMap<>();
        private long active;
        private long remaining;
        private long orphaned;

        RuleLedger(TokenRule rule, int maxKeys, int maxActive) {
            this.rule = rule;
            this.maxKeys = maxKeys;
            this.maxActive = maxActive;
        }

        synchronized Admission reserve(int index, String key, long estimate, long now, long seq) {
            sweepOne(key, now);
            KeyBudget budget = keys.get(key);
            boolean fresh = budget == null;
            if (fresh) {
                if (keys.size() >= maxKeys || key.length() > MAX_KEY_LENGTH) {
                    return new Denied(0, DenialReason.KEY_CAPACITY);
                }
                budget = newBudget(now);
            } else {
                bringUp(budget, now);
            }
            if (active >= maxActive) {
                return new Denied(rule.reservationTimeoutMs(), DenialReason.ACTIVE_CAPACITY);
            }
            if (!budget.fits(estimate)) {
                return new Denied(budget.retryAfterMs(estimate, now), DenialReason.BUDGET_EXHAUSTED);
            }
            if (fresh) {
                keys.put(key, budget);
                remaining += budget.lastRemaining;
            }
            long usageAfter = budget.admit(seq, estimate, now);
            active++;
            track(budget);
            return new Admitted(new Reservation(index, key, seq), usageAfter);
        }

        synchronized Settlement settle(Reservation id, long actual, long now) {
            KeyBudget budget = keys.get(id.key());
            if (budget == null) {
                return Settlement.NONE; // expired, charged and forgotten
            }
            bringUp(budget, now);
            Settlement s = budget.settle(id.sequence(), actual, now);
            if (s.applied()) {
                active--;
            }
            track(budget);
            return s;
        }

        synchronized RuleSnapshot snapshot() {
            return new RuleSnapshot(keys.size(), active, Math.min(remaining, TokenRateLimitConfig.MAX_TOKENS - 1),
                    orphaned);
        }

        private KeyBudget newBudget(long now) {
            return rule.algorithm() == Algorithm.SLIDING_WINDOW
                    ? new SlidingWindowBudget(rule.capacity(), rule.windowMs(), rule.reservationTimeoutMs())
                    : new TokenBucketBudget(rule.capacity(), rule.refillRate(), rule.reservationTimeoutMs(), now);
        }

        /** Reaps, trims or refills a key to {@code now}. */
        private void bringUp(KeyBudget budget, long now) {
            int reaped = budget.reap(now);
            active -= reaped;
            orphaned += reaped;
            budget.advance(now);
        }

        /**
         * Looks at the oldest key other than {@code current}: brings it up to date and forgets it if
         * idle, else moves it to the end. {@code current} itself moves to the end when it is the
         * oldest, so a key in constant use never shields the others from the sweep.
         */
        private void sweepOne(String current, long now) {
            if (keys.isEmpty()) {
                return;
            }
            Map.Entry<String, KeyBudget> oldest = keys.entrySet().iterator().next();
            if (oldest.getKey().equals(current)) {
                KeyBudget mine = keys.remove(current);
                keys.put(current, mine);
                if (keys.size() == 1) {
                    return;
                }
                oldest = keys.entrySet().iterator().next();
            }
            String key = oldest.getKey();
            KeyBudget b = keys.remove(key);
            bringUp(b, now);
            track(b);
            if (b.idle()) {
                remaining -= b.lastRemaining;
            } else {
                keys.put(key, b);
            }
        }

        private void track(KeyBudget budget) {
            long now = budget.remaining();
            remaining += now - budget.lastRemaining;
            budget.lastRemaining = now;
        }

        /** The budget of {@code key} (tests). */
        synchronized KeyBudget budget(String key) {
            return keys.get(key);
        }
    }

    /** The budget of {@code key} under rule {@code rule} (tests). */
    KeyBudget budget(int rule, String key) {
        return rules.get(rule).budget(key);
    }
}
