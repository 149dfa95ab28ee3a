package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.tokenratelimit.TokenRule.Algorithm;
import io.jpraxis.core.store.SharedStore;
import io.jpraxis.core.store.StoreException;
import io.jpraxis.core.store.StoreScript;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The shared ledger (see docs/behaviour/shared-state.md#token_rate_limit): every rule's budgets in
 * one Valkey/Redis store, so replicas admit from one quota. A reservation and a settlement are
 * each one Lua script ({@link LedgerScripts}) on the store's clock, with the same answers as the
 * {@link MemoryLedger}'s. The gauges echo the store's last reply. A settlement that fails is
 * tried twice more (25 ms, then 50 ms later; settling is idempotent per reservation, so a retry
 * after a reply that was lost changes nothing); after that the reservation expires at its
 * estimate.
 */
final class StoreLedger implements TokenLedger {
    /** Pauses before the second and third settlement attempts. */
    static final long[] SETTLE_RETRY_MS = {25, 50};

    private final SharedStore store;
    private final List<RuleKeys> rules = new ArrayList<>();
    private final String sequenceKey;
    private final int maxKeys;
    private final int maxActive;
    private final boolean callerClock;

    /** The production ledger: the store's clock, Praxis's bounds. */
    StoreLedger(SharedStore store, String namespace, List<TokenRule> rules) {
        this(store, namespace, rules, MemoryLedger.MAX_KEYS, MemoryLedger.MAX_ACTIVE, false);
    }

    /**
     * A ledger with chosen bounds; with {@code callerClock} the scripts take the {@code nowMs} the
     * caller passes instead of the store's {@code TIME}. Only the tests do, to step an hour-long
     * window without waiting; replicas must share one clock, so production never does.
     */
    StoreLedger(SharedStore store, String namespace, List<TokenRule> rules, int maxKeys, int maxActive,
            boolean callerClock) {
        this.store = store;
        this.sequenceKey = namespace + ":reservation-seq";
        this.maxKeys = maxKeys;
        this.maxActive = maxActive;
        this.callerClock = callerClock;
        for (TokenRule r : rules) {
            this.rules.add(new RuleKeys(r, namespace));
        }
    }

    @Override
    public CompletionStage<Admission> reserve(int rule, String key, long estimate, long nowMs) {
        if (key.length() > MemoryLedger.MAX_KEY_LENGTH) {
            return CompletableFuture.completedFuture(new Denied(0, DenialReason.KEY_CAPACITY));
        }
        RuleKeys r = rules.get(rule);
        String h = r.hash(key);
        List<String> keys = new ArrayList<>(r.keys(h));
        keys.add(sequenceKey);
        List<String> args = new ArrayList<>(r.args(h, clock(nowMs)));
        args.addAll(List.of(Long.toString(estimate), Integer.toString(maxKeys), Integer.toString(maxActive)));
        return store.eval(LedgerScripts.RESERVE, keys, args).thenApply(reply -> admission(r, rule, key, reply));
    }

    private Admission admission(RuleKeys r, int rule, String key, Object reply) {
        List<Long> v = integers(LedgerScripts.RESERVE, reply);
        if (v.size() == 8 && v.get(0) == 1) {
            r.echo(v.get(4), v.get(5), v.get(6), v.get(7));
            return new Admitted(new Reservation(rule, key, v.get(1)), v.get(3));
        }
        if (v.size() == 7 && v.get(0) == 0 && v.get(6) >= 1 && v.get(6) <= 3) {
            r.echo(v.get(2), v.get(3), v.get(4), v.get(5));
            return new Denied(v.get(1), DenialReason.values()[(int) (v.get(6) - 1)]);
        }
        throw badReply(LedgerScripts.RESERVE, reply);
    }

    @Override
    public CompletionStage<Settlement> settle(Reservation id, long actual, long nowMs) {
        RuleKeys r = rules.get(id.rule());
        String h = r.hash(id.key());
        List<String> args = new ArrayList<>(r.args(h, clock(nowMs)));
        args.addAll(List.of(Long.toString(id.sequence()), Long.toString(actual)));
        CompletableFuture<Settlement> result = new CompletableFuture<>();
        attempt(r, r.keys(h), args, 0, result);
        return result;
    }

    private void attempt(RuleKeys r, List<String> keys, List<String> args, int tried,
            CompletableFuture<Settlement> result) {
        store.eval(LedgerScripts.SETTLE, keys, args).thenApply(reply -> settlement(r, reply)).whenComplete((s, e) -> {
            if (e == null) {
                result.complete(s);
            } else if (tried < SETTLE_RETRY_MS.length) {
                Executor later = CompletableFuture.delayedExecutor(SETTLE_RETRY_MS[tried], TimeUnit.MILLISECONDS);
                later.execute(() -> attempt(r, keys, args, tried + 1, result));
            } else {
                result.completeExceptionally(e);
            }
        });
    }

    private static Settlement settlement(RuleKeys r, Object reply) {
        List<Long> v = integers(LedgerScripts.SETTLE, reply);
        if (v.size() != 7 || v.get(0) < 0 || v.get(0) > 1) {
            throw badReply(LedgerScripts.SETTLE, reply);
        }
        r.echo(v.get(3), v.get(4), v.get(5), v.get(6));
        return v.get(0) == 1 ? new Settlement(true, v.get(1), v.get(2)) : Settlement.NONE;
    }

    @Override
    public RuleSnapshot snapshot(int rule) {
        return rules.get(rule).snapshot();
    }

    @Override
    public String kind() {
        return "valkey";
    }

    SharedStore store() {
        return store;
    }

    private String clock(long nowMs) {
        return callerClock ? Long.toString(nowMs) : "";
    }

    private static List<Long> integers(StoreScript script, Object reply) {
        if (reply instanceof List<?> list && list.stream().allMatch(Long.class::isInstance)) {
            return list.stream().map(Long.class::cast).toList();
        }
        throw badReply(script, reply);
    }

    private static StoreException badReply(StoreScript script, Object reply) {
        return new StoreException(StoreException.Kind.BAD_REPLY, script.name() + " replied " + reply);
    }

    /** One rule's key names and fixed script arguments, and the last totals the store replied. */
    private static final class RuleKeys {
        private final String namespace;
        private final String name;
        private final String prefix;
        private final String ruleKeys;
        private final List<String> fixedArgs;
        private final AtomicReference<RuleSnapshot> last;
        private final AtomicLong orphaned = new AtomicLong();

        RuleKeys(TokenRule rule, String namespace) {
            this.namespace = namespace;
            this.name = rule.name();
            boolean bucket = rule.algorithm() == Algorithm.TOKEN_BUCKET;
            // The bucket's keys have a segment of their own, so a rule changing algorithm never reads the other's state.
            this.prefix = namespace + ":v1:" + (bucket ? "tb:" : "");
            this.ruleKeys = prefix + "rule:" + sha256(namespace + "\0" + name) + ":";
            long windowMs = bucket ? (long) Math.ceil(rule.capacity() / rule.refillRate() * 1000) : rule.windowMs();
            long ttlMs = Math.max(windowMs + rule.reservationTimeoutMs(), 1_000);
            this.fixedArgs = List.of(bucket ? "b" : "w", Long.toString(rule.capacity()), Long.toString(rule.windowMs()),
                    Long.toString(rule.reservationTimeoutMs()), BigDecimal.valueOf(rule.refillRate()).toPlainString(),
                    Long.toString(ttlMs), prefix);
            this.last = new AtomicReference<>(new RuleSnapshot(0, 0, 0, 0));
        }

        String hash(String key) {
            return sha256(namespace + "\0" + name + "\0" + key);
        }

        List<String> keys(String h) {
            String base = prefix + h;
            return List.of(base, base + ":settled", base + ":active", ruleKeys + "keys", ruleKeys + "balances",
                    ruleKeys + "remaining-total", ruleKeys + "active-count", ruleKeys + "active-index");
        }

        List<String> args(String h, String now) {
            List<String> args = new ArrayList<>(List.of(now, h));
            args.addAll(fixedArgs);
            return args;
        }

        void echo(long remaining, long active, long keys, long reaped) {
            long o = orphaned.addAndGet(reaped);
            last.set(new RuleSnapshot(keys, active, Math.min(Math.max(0, remaining), TokenRateLimitConfig.MAX_TOKENS - 1),
                    o));
        }

        RuleSnapshot snapshot() {
            return last.get();
        }
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
