package io.jpraxis.filters.traffic.ratelimit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code per_ip} (and per-subject) table: one bucket per client key, bounded at {@link #MAX_KEYS} live keys.
 *
 * <p>When the table is full a new client gets no bucket, and the filter refuses it (the table fails
 * closed, so rotating source addresses cannot grow memory without bound; see
 * docs/reference/filters/rate_limit.md#what-it-does). Keys whose bucket has refilled completely
 * hold nothing a fresh bucket would not, so a sweep drops them; it runs on a request's thread once
 * the table is half full, at most once per {@link #SWEEP_INTERVAL_NANOS}, so its cost (a pass over
 * the table) is paid a bounded number of times a second however many requests arrive.
 */
final class ClientBuckets implements Buckets {
    /** Live keys the table holds at most (see docs/behaviour/limits.md#the-limits-table). */
    static final int MAX_KEYS = 200_000;
    static final long SWEEP_INTERVAL_NANOS = 1_000_000_000L;
    /** At most one "table full" warning per this many nanoseconds, with the refusals since the last one. */
    private static final long FULL_WARNING_INTERVAL_NANOS = 10_000_000_000L;
    private static final Logger log = LoggerFactory.getLogger(ClientBuckets.class);

    private final BucketShape shape;
    private final int maxKeys;
    private final ConcurrentHashMap<ClientKey, TokenBucket> buckets = new ConcurrentHashMap<>();
    /** Slots taken, reserved before an insert, so the table never holds more than maxKeys. */
    private final AtomicInteger taken = new AtomicInteger();
    private final AtomicLong lastSweep = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong lastFullWarning = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong refusedSinceWarning = new AtomicLong();

    /** A table of {@code maxKeys} (tests use small ones). */
    ClientBuckets(BucketShape shape, int maxKeys) {
        this.shape = shape;
        this.maxKeys = maxKeys;
    }

    /**
     * The client's bucket, made full on first sight; null when the table is full or the client
     * has no address to key on.
     */
    @Override
    public TokenBucket bucketFor(ClientKey key, long now) {
        if (key == null) {
            return null;
        }
        TokenBucket bucket = buckets.get(key);
        if (bucket != null) {
            return bucket;
        }
        if (taken.get() >= maxKeys / 2) {
            maybeSweep(now);
        }
        if (taken.incrementAndGet() > maxKeys) {
            taken.decrementAndGet();
            tableFull(now);
            return null;
        }
        TokenBucket fresh = new TokenBucket(shape, now);
        TokenBucket raced = buckets.putIfAbsent(key, fresh);
        if (raced != null) {
            taken.decrementAndGet(); // another thread added this client first: give the slot back
            return raced;
        }
        return fresh;
    }

    /** Live keys. */
    int size() {
        return buckets.size();
    }

    private void maybeSweep(long now) {
        long last = lastSweep.get();
        if (last != Long.MIN_VALUE && now - last < SWEEP_INTERVAL_NANOS) {
            return;
        }
        if (!lastSweep.compareAndSet(last, now)) {
            return; // another thread sweeps
        }
        int dropped = 0;
        for (Map.Entry<ClientKey, TokenBucket> e : buckets.entrySet()) {
            // A request that fetched this bucket just before may still take a token from it; that
            // client then gains at most one token, once per sweep.
            if (e.getValue().isFull(now) && buckets.remove(e.getKey(), e.getValue())) {
                taken.decrementAndGet();
                dropped++;
            }
        }
        log.debug("rate_limit: swept {} idle client buckets, {} remain", dropped, taken.get());
    }

    private void tableFull(long now) {
        long refused = refusedSinceWarning.incrementAndGet();
        long last = lastFullWarning.get();
        if ((last == Long.MIN_VALUE || now - last >= FULL_WARNING_INTERVAL_NANOS)
                && lastFullWarning.compareAndSet(last, now)) {
            refusedSinceWarning.addAndGet(-refused);
            log.warn("rate_limit: the per-client table holds {} clients, its limit; {} new client request(s) refused "
                    + "with 429 since the last warning", maxKeys, refused);
        }
    }
}
