package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.core.store.StoreScript;

/**
 * The two Lua scripts of the shared ledger (see docs/behaviour/shared-state.md#token_rate_limit):
 * each one atomic step on the store, so replicas never interleave inside a reservation or a
 * settlement. They compute what {@link SlidingWindowBudget} and {@link TokenBucketBudget} compute
 * in memory, on the store's clock ({@code TIME}) unless a test passes its own.
 *
 * <p>KEYS, both scripts: 1 the key's state hash, 2 its settled charges (zset: admission ms,
 * member {@code id:tokens}), 3 its unsettled reservations (hash: id to {@code estimate|admitted_ms}),
 * 4 the rule's keys (zset: key hash, scored by when it would be idle), 5 the rule's balances (hash:
 * key hash to last balance), 6 the rule's remaining total, 7 the rule's active count, 8 the rule's
 * active index (zset: {@code keyhash|id}, scored by expiry), 9 the namespace's reservation
 * sequence (reserve only).
 */
final class LedgerScripts {
    private LedgerScripts() {
    }

    /** Shared by both scripts: the clock, reaping, trimming and refilling (Lua functions). */
    private static final String COMMON = """
            local now
            if ARGV[1] ~= '' then
              now = tonumber(ARGV[1])
            else
              local t = redis.call('TIME')
              now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
            end
            local h = ARGV[2]
            local bucket = ARGV[3] == 'b'
            local capacity = tonumber(ARGV[4])
            local window = tonumber(ARGV[5])
            local timeout = tonumber(ARGV[6])
            local per_ms = tonumber(ARGV[7]) / 1000
            local ttl = tonumber(ARGV[8])
            local prefix = ARGV[9]
            local reaped = 0
            -- Lua's own number to string conversion keeps only 14 digits; counts go up to 2^53.
            local function fmt(n)
              return string.format('%.17g', n)
            end

            local function charge(base, id, est, adm, actual)
              if bucket then
                return
              end
              redis.call('HINCRBY', base, 'active', -est)
              if actual > 0 and adm > now - window then
                redis.call('ZADD', base .. ':settled', adm, id .. ':' .. fmt(actual))
                redis.call('HINCRBY', base, 'settled', actual)
              end
            end

            local function parse(v)
              local sep = string.find(v, '|', 1, true)
              return tonumber(string.sub(v, 1, sep - 1)), tonumber(string.sub(v, sep + 1))
            end

            -- Removes one reservation from its key's hash; true when it was still there.
            local function take(kh, id)
              local base = prefix .. kh
              local v = redis.call('HGET', base .. ':active', id)
              redis.call('ZREM', KEYS[8], kh .. '|' .. id)
              if not v then
                return nil
              end
              redis.call('HDEL', base .. ':active', id)
              redis.call('DECR', KEYS[7])
              return v
            end

            -- Lost requests: reservations unsettled past the timeout are charged at their estimate.
            local function reap()
              local due = redis.call('ZRANGEBYSCORE', KEYS[8], '-inf', now, 'LIMIT', 0, 256)
              for _, m in ipairs(due) do
                local sep = string.find(m, '|', 1, true)
                local kh, id = string.sub(m, 1, sep - 1), string.sub(m, sep + 1)
                local v = take(kh, id)
                if v then
                  local est, adm = parse(v)
                  charge(prefix .. kh, id, est, adm, est)
                  reaped = reaped + 1
                end
              end
            end

            -- Brings the key to now: settled charges admitted a window ago leave; the bucket refills.
            local function advance()
              if bucket then
                local s = redis.call('HMGET', KEYS[1], 'tokens', 'at')
                local tokens, at = tonumber(s[1]), tonumber(s[2])
                if tokens == nil or at == nil then
                  tokens, at = capacity, now
                end
                if now > at then
                  tokens = math.min(capacity, tokens + (now - at) * per_ms)
                  at = now
                end
                return tokens, at
              end
              local old = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now - window)
              local gone = 0
              for _, m in ipairs(old) do
                gone = gone + tonumber(string.sub(m, string.find(m, ':', 1, true) + 1))
              end
              if gone > 0 then
                redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
                redis.call('HINCRBY', KEYS[1], 'settled', -gone)
              end
              local s = redis.call('HMGET', KEYS[1], 'settled', 'active')
              return tonumber(s[1]) or 0, tonumber(s[2]) or 0
            end

            -- Records the key's balance (for budget_remaining), when it would be idle, and its TTL.
            local function keep(balance, idle_at)
              local old = tonumber(redis.call('HGET', KEYS[5], h)) or 0
              redis.call('HSET', KEYS[5], h, balance)
              redis.call('INCRBY', KEYS[6], balance - old)
              local was = tonumber(redis.call('ZSCORE', KEYS[4], h)) or 0
              redis.call('ZADD', KEYS[4], math.max(was, idle_at), h)
              redis.call('PEXPIRE', KEYS[1], ttl)
              redis.call('PEXPIRE', KEYS[2], ttl)
              redis.call('PEXPIRE', KEYS[3], ttl)
            end

            local function bucket_idle_at(tokens)
              return now + math.ceil((capacity - tokens) / per_ms)
            end

            local function totals()
              return tonumber(redis.call('GET', KEYS[6])) or 0, tonumber(redis.call('GET', KEYS[7])) or 0,
                redis.call('ZCARD', KEYS[4])
            end
            """;

    /**
     * ARGV: 1 now ms or empty (the store's clock), 2 key hash, 3 {@code w}|{@code b}, 4 capacity,
     * 5 window ms, 6 timeout ms, 7 refill per second, 8 TTL ms, 9 key prefix, 10 estimate, 11 max
     * keys, 12 max active. Replies admitted {@code [1, id, estimate, usage_after, remaining,
     * active, keys, reaped]}, denied {@code [0, retry_after_ms, remaining, active, keys, reaped,
     * reason]} (reason 1 budget, 2 keys, 3 active).
     */
    static final StoreScript RESERVE = StoreScript.of("token_rate_limit.reserve", COMMON + """
            local est = tonumber(ARGV[10])
            reap()
            -- The lazy sweep: keys idle by now are forgotten, freeing their slot.
            local idle = redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', now, 'LIMIT', 0, 16)
            for _, kh in ipairs(idle) do
              if kh ~= h then
                local base = prefix .. kh
                if redis.call('HLEN', base .. ':active') == 0 then
                  redis.call('DEL', base, base .. ':settled', base .. ':active')
                  redis.call('ZREM', KEYS[4], kh)
                  local b = tonumber(redis.call('HGET', KEYS[5], kh)) or 0
                  redis.call('HDEL', KEYS[5], kh)
                  redis.call('INCRBY', KEYS[6], -b)
                end
              end
            end
            local function denied(retry, reason)
              local remaining, active, keys = totals()
              return {0, retry, remaining, active, keys, reaped, reason}
            end
            if not redis.call('ZSCORE', KEYS[4], h) and redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[11]) then
              return denied(0, 2)
            end
            local a, b = advance()
            if (tonumber(redis.call('GET', KEYS[7])) or 0) >= tonumber(ARGV[12]) then
              return denied(timeout, 3)
            end
            local usage, balance, idle_at
            if bucket then
              if a < est then
                return denied(math.max(1, math.ceil((est - a) / per_ms)), 1)
              end
              local tokens = a - est
              redis.call('HSET', KEYS[1], 'tokens', fmt(tokens), 'at', b)
              usage = math.ceil(capacity - tokens)
              balance = math.floor(tokens)
              idle_at = math.max(now + timeout, bucket_idle_at(tokens))
            else
              if est > capacity - (a + b) then
                local last = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')
                local retry = timeout
                if last[2] then
                  retry = math.max(tonumber(last[2]) + window - now, timeout)
                end
                return denied(retry, 1)
              end
              redis.call('HINCRBY', KEYS[1], 'active', est)
              usage = a + b + est
              balance = math.max(0, capacity - usage)
              idle_at = now + math.max(window, timeout)
            end
            local id = redis.call('INCR', KEYS[9])
            redis.call('HSET', KEYS[3], id, ARGV[10] .. '|' .. fmt(now))
            redis.call('ZADD', KEYS[8], now + timeout, h .. '|' .. fmt(id))
            redis.call('INCR', KEYS[7])
            keep(balance, idle_at)
            local remaining, active, keys = totals()
            return {1, id, est, usage, remaining, active, keys, reaped}
            """);

    /**
     * ARGV 1 to 9 as {@link #RESERVE}, 10 reservation id, 11 actual tokens. Replies {@code [applied,
     * refund, overage, remaining, active, keys, reaped]}; a reservation already settled or expired
     * is not applied (an expired one found here is charged at its estimate first).
     */
    static final StoreScript SETTLE = StoreScript.of("token_rate_limit.settle", COMMON + """
            local id = ARGV[10]
            local actual = tonumber(ARGV[11])
            local v = take(h, id)
            if not v then
              local remaining, active, keys = totals()
              return {0, 0, 0, remaining, active, keys, 0}
            end
            local est, adm = parse(v)
            if now - adm >= timeout then
              charge(KEYS[1], id, est, adm, est)
              local remaining, active, keys = totals()
              return {0, 0, 0, remaining, active, keys, 1}
            end
            local a, b = advance()
            local balance, idle_at
            if bucket then
              local tokens = math.max(0, math.min(capacity, a + est - actual))
              redis.call('HSET', KEYS[1], 'tokens', fmt(tokens), 'at', b)
              balance = math.floor(tokens)
              idle_at = bucket_idle_at(tokens)
            else
              charge(KEYS[1], id, est, adm, actual)
              local s = redis.call('HMGET', KEYS[1], 'settled', 'active')
              balance = math.max(0, capacity - (tonumber(s[1]) or 0) - (tonumber(s[2]) or 0))
              idle_at = adm + math.max(window, timeout)
            end
            keep(balance, idle_at)
            local remaining, active, keys = totals()
            return {1, math.max(0, est - actual), math.max(0, actual - est), remaining, active, keys, 0}
            """);
}
