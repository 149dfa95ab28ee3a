package io.jpraxis.core.runtime;

import io.jpraxis.core.store.SharedStores;
import java.time.Clock;
import java.util.random.RandomGenerator;

/**
 * Time, randomness and ids, injected so balancing, TTLs and request ids are deterministic in tests,
 * and the process's shared-store clients (see docs/behaviour/shared-state.md).
 *
 * @param stores the Valkey/Redis clients; {@link SharedStores#UNAVAILABLE} where none is wired in
 */
public record RuntimeServices(Clock clock, RandomGenerator random, IdGenerator ids, SharedStores stores) {

    /** Services without a store client (validation, ext_proc, tests). */
    public RuntimeServices(Clock clock, RandomGenerator random, IdGenerator ids) {
        this(clock, random, ids, SharedStores.UNAVAILABLE);
    }

    /** Production services: the system clock, a fast non-cryptographic random source, random ids. */
    public static RuntimeServices system() {
        return new RuntimeServices(Clock.systemUTC(), RandomGenerator.of("L64X128MixRandom"), IdGenerator.random());
    }

    /** The same services with {@code clients} as the store clients. */
    public RuntimeServices withStores(SharedStores clients) {
        return new RuntimeServices(clock, random, ids, clients);
    }
}
