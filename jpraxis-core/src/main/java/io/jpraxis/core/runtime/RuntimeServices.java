package io.jpraxis.core.runtime;

import java.time.Clock;
import java.util.random.RandomGenerator;

/**
 * Time, randomness and ids, injected so balancing, TTLs and request ids are deterministic in tests.
 */
public record RuntimeServices(Clock clock, RandomGenerator random, IdGenerator ids) {

    /** Production services: the system clock, a fast non-cryptographic random source, random ids. */
    public static RuntimeServices system() {
        return new RuntimeServices(Clock.systemUTC(), RandomGenerator.of("L64X128MixRandom"), IdGenerator.random());
    }
}
