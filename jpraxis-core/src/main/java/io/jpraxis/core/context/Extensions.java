package io.jpraxis.core.context;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

/** Typed per-request slots filters share (the logical binding lives here later). */
public final class Extensions {
    private final Map<Key<?>, Object> values = new IdentityHashMap<>();

    public <T> void put(Key<T> key, T value) {
        values.put(key, value);
    }

    public <T> Optional<T> get(Key<T> key) {
        return Optional.ofNullable(key.type().cast(values.get(key)));
    }

    public <T> void remove(Key<T> key) {
        values.remove(key);
    }

    /** A typed key, compared by identity. */
    public record Key<T>(String name, Class<T> type) {
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }
}
