package io.jpraxis.core.balance;

import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/**
 * A random source every event loop can draw from at once without a lock: SplitMix64 (Steele,
 * Lea and Flood, "Fast splittable pseudorandom number generators", 2014) over one atomic counter.
 *
 * <p>The runtime's {@link RandomGenerator} is not safe to share between threads, so each balancer
 * takes one seed from it at build time; a seeded runtime therefore still gives reproducible picks
 * in single-threaded tests.
 */
final class SharedRandom implements RandomGenerator {
    /** The odd constant that walks the counter through every 64-bit value (2^64 / golden ratio). */
    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

    private final AtomicLong state;

    SharedRandom(long seed) {
        this.state = new AtomicLong(seed);
    }

    /** Seeded from {@code source}, which is read once here and never again. */
    static SharedRandom seededFrom(RandomGenerator source) {
        return new SharedRandom(source.nextLong());
    }

    @Override
    public long nextLong() {
        long z = state.addAndGet(GOLDEN_GAMMA);
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
