package io.jpraxis.core.runtime;

import java.util.concurrent.atomic.AtomicLong;

/** Produces request ids. */
@FunctionalInterface
public interface IdGenerator {
    String next();

    /** Random (version 4) UUIDs, unique across instances; cheap enough for every request. */
    static IdGenerator random() {
        return RandomRequestIds.INSTANCE;
    }

    /** {@code prefix-1}, {@code prefix-2}, ...: for tests. */
    static IdGenerator sequential(String prefix) {
        AtomicLong counter = new AtomicLong();
        return () -> prefix + "-" + counter.incrementAndGet();
    }
}
