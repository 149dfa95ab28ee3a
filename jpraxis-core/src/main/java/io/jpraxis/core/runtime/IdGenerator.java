package io.jpraxis.core.runtime;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/** Produces request ids. */
@FunctionalInterface
public interface IdGenerator {
    String next();

    /** Random (version 4) UUIDs: unguessable and unique across instances. */
    static IdGenerator random() {
        return () -> UUID.randomUUID().toString();
    }

    /** {@code prefix-1}, {@code prefix-2}, ...: for tests. */
    static IdGenerator sequential(String prefix) {
        AtomicLong counter = new AtomicLong();
        return () -> prefix + "-" + counter.incrementAndGet();
    }
}
