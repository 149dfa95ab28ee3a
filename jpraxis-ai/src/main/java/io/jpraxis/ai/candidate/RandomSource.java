package io.jpraxis.ai.candidate;

import java.util.concurrent.ThreadLocalRandom;

/** Where {@code random} and {@code weightedRandom} picks draw from; tests inject a fixed one. */
@FunctionalInterface
public interface RandomSource {
    /** A uniform draw in {@code [0, bound)}; {@code bound} is positive. */
    long nextLong(long bound);

    /** The per-thread generator, so concurrent picks never contend. */
    static RandomSource threadLocal() {
        return bound -> ThreadLocalRandom.current().nextLong(bound);
    }
}
