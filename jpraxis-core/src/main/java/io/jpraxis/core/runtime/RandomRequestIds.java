package io.jpraxis.core.runtime;

import java.security.SecureRandom;
import java.util.UUID;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * Version-4 UUIDs drawn from one fast generator per thread, each seeded from the platform's secure
 * source. {@link UUID#randomUUID()} goes through one shared {@code SecureRandom}, a lock and a
 * hash per call: too dear for an id every request gets. These ids are unique across instances
 * and threads, but they are correlation ids, not secrets, and nothing may use them as one.
 */
final class RandomRequestIds implements IdGenerator {
    static final RandomRequestIds INSTANCE = new RandomRequestIds();

    private static final SecureRandom SEEDS = new SecureRandom();
    private static final RandomGeneratorFactory<RandomGenerator> FACTORY = RandomGeneratorFactory.of("L64X128MixRandom");
    private static final ThreadLocal<RandomGenerator> PER_THREAD = ThreadLocal.withInitial(RandomRequestIds::seeded);

    private RandomRequestIds() {
    }

    /** Seeded with {@code nextBytes}, not {@code generateSeed}, which may wait on /dev/random. */
    private static RandomGenerator seeded() {
        byte[] seed = new byte[16];
        SEEDS.nextBytes(seed);
        return FACTORY.create(seed);
    }

    @Override
    public String next() {
        RandomGenerator random = PER_THREAD.get();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L; // version 4 (RFC 9562 5.4)
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L; // variant 10
        return new UUID(high, low).toString();
    }
}
