package io.jpraxis.filters.observe.tracecontext;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * Makes trace ids and span ids: random, never all zero (Trace Context sections 3.2.2.3 and
 * 3.2.2.4), in lower-case hex.
 *
 * <p>Trace ids must not collide across gateways and services, so they are drawn from one fast
 * generator per thread, each seeded from the platform's secure source, rather than from one
 * shared source that every event loop would contend on. They correlate; they are not secrets.
 */
final class TraceIds {
    private static final HexFormat HEX = HexFormat.of();
    private static final SecureRandom SEEDS = new SecureRandom();
    private static final RandomGeneratorFactory<RandomGenerator> FACTORY = RandomGeneratorFactory.of("L64X128MixRandom");
    private static final ThreadLocal<RandomGenerator> PER_THREAD =
            ThreadLocal.withInitial(() -> FACTORY.create(SEEDS.generateSeed(16)));

    private final Supplier<RandomGenerator> random;

    /** Ids from {@code random}, which the caller must only use from one thread at a time. */
    TraceIds(Supplier<RandomGenerator> random) {
        this.random = random;
    }

    /** Ids from the calling thread's own generator. */
    static TraceIds perThread() {
        return new TraceIds(PER_THREAD::get);
    }

    /** 32 hex digits, not all zero. */
    String traceId() {
        RandomGenerator r = random.get();
        long high;
        long low;
        do {
            high = r.nextLong();
            low = r.nextLong();
        } while (high == 0 && low == 0);
        return HEX.toHexDigits(high) + HEX.toHexDigits(low);
    }

    /** 16 hex digits, not all zero and not equal to {@code avoid} (the span this hop follows). */
    String spanId(String avoid) {
        RandomGenerator r = random.get();
        String id;
        do {
            long value;
            do {
                value = r.nextLong();
            } while (value == 0);
            id = HEX.toHexDigits(value);
        } while (id.equals(avoid));
        return id;
    }
}
