package io.jpraxis.filters.traffic.ratelimit;

import io.jpraxis.core.store.SharedStore;
import io.jpraxis.core.store.StoreException;
import io.jpraxis.core.store.StoreScript;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletionStage;

/**
 * The buckets of a {@code rate_limit} whose backend is a shared store (see
 * docs/behaviour/shared-state.md#rate_limit): the same token bucket as in memory, kept in one
 * hash per bucket and updated by one Lua script on the store's clock, so concurrent replicas can
 * never both take the last token. A bucket expires once it would be full again, so idle clients
 * cost no memory.
 */
final class SharedBuckets {
    /** KEYS[1] the bucket; ARGV rate per second, burst, ttl ms. Replies {allowed, whole tokens left, ms until a token, now ms}. */
    static final StoreScript TAKE = StoreScript.of("rate_limit.take", """
            local rate = tonumber(ARGV[1])
            local burst = tonumber(ARGV[2])
            local t = redis.call('TIME')
            local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
            local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
            local tokens = tonumber(state[1])
            local at = tonumber(state[2])
            if tokens == nil or at == nil then
              tokens = burst
              at = now
            end
            if now > at then
              tokens = math.min(burst, tokens + (now - at) * rate / 1000)
              at = now
            end
            local allowed = 0
            if tokens >= 1 then
              tokens = tokens - 1
              allowed = 1
            end
            redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'at', at)
            redis.call('PEXPIRE', KEYS[1], ARGV[3])
            local wait = 0
            if tokens < 1 then
              wait = math.ceil((1 - tokens) * 1000 / rate)
            end
            return {allowed, math.floor(tokens), wait, now}
            """);

    private final SharedStore store;
    private final String prefix;
    private final List<String> args;

    SharedBuckets(SharedStore store, String namespace, double rate, long burst) {
        this.store = store;
        this.prefix = namespace + ":v1:";
        // Full again after burst / rate seconds: kept a second longer, never less than one.
        long ttlMs = Math.max(1_000, (long) Math.ceil(burst / rate * 1000) + 1_000);
        this.args = List.of(BigDecimal.valueOf(rate).toPlainString(), Long.toString(burst), Long.toString(ttlMs));
    }

    /** Takes a token from {@code key}'s bucket (null: the one global bucket). */
    CompletionStage<Taken> take(ClientKey key) {
        String id = key == null ? "global" : String.format(Locale.ROOT, "%016x%016x", key.high(), key.low());
        return store.eval(TAKE, List.of(prefix + id), args).thenApply(SharedBuckets::taken);
    }

    private static Taken taken(Object reply) {
        if (reply instanceof List<?> list && list.size() == 4 && list.stream().allMatch(Long.class::isInstance)) {
            return new Taken((Long) list.get(0) == 1, (Long) list.get(1), (Long) list.get(2), (Long) list.get(3));
        }
        throw new StoreException(StoreException.Kind.BAD_REPLY, "rate_limit.take replied " + reply);
    }

    /** The store's verdict: whether a token was taken, what is left, and when the next one comes. */
    record Taken(boolean allowed, long remaining, long waitMs, long nowMs) {
    }

    SharedStore store() {
        return store;
    }
}
