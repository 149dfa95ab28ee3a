package io.jpraxis.filters.traffic.ratelimit;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One token bucket, held as a single number so event loops share it without a lock.
 *
 * <p>This is the generic cell rate algorithm (ITU-T I.371), which is a token bucket seen from the
 * other side: instead of a token count and a refill time it keeps {@code fullAt}, the time at
 * which the bucket would be full again. Taking a token pushes {@code fullAt} one interval later;
 * the bucket is empty when {@code fullAt} lies a whole capacity ahead of now. One
 * compare-and-set per request, no allocation, and refill costs nothing. Times are nanoseconds on
 * the owning limiter's time line.
 */
final class TokenBucket {
    private static final VarHandle FULL_AT;

    static {
        try {
            FULL_AT = MethodHandles.lookup().findVarHandle(TokenBucket.class, "fullAt", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final BucketShape shape;
    @SuppressWarnings("unused") // accessed through FULL_AT
    private volatile long fullAt;

    /** A full bucket at {@code now}. */
    TokenBucket(BucketShape shape, long now) {
        this.shape = shape;
        this.fullAt = now;
    }

    /** Takes one token if there is one. */
    boolean tryAcquire(long now) {
        long interval = shape.intervalNanos();
        long capacity = shape.capacityNanos();
        while (true) {
            long full = (long) FULL_AT.getVolatile(this);
            long next = Math.max(full, now) + interval;
            if (next - now > capacity) {
                return false;
            }
            if (FULL_AT.compareAndSet(this, full, next)) {
                return true;
            }
        }
    }

    /** Whole tokens left at {@code now}, from 0 to the burst. */
    long remaining(long now) {
        long missing = Math.max(0, (long) FULL_AT.getVolatile(this) - now);
        // A wall clock stepped backwards can leave more missing than the capacity: still none left.
        return Math.max(0, (shape.capacityNanos() - missing) / shape.intervalNanos());
    }

    /** Nanoseconds until at least one token is available; 0 when one is. */
    long nanosUntilToken(long now) {
        long missing = (long) FULL_AT.getVolatile(this) - now;
        return Math.max(0, missing - (shape.capacityNanos() - shape.intervalNanos()));
    }

    /** Whether the bucket has refilled completely: it then holds nothing a fresh bucket would not. */
    boolean isFull(long now) {
        return (long) FULL_AT.getVolatile(this) <= now;
    }
}
